import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { resetLinkOf, startSmtpSink, type SmtpSink } from "../apps/api/test/smtpSink";
import { freePort, launchBrowser, registerOverApi, removeDataDir, saveScreenshot, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Password reset in the browser (`docs/product.md`, Forgotten password): a server that mails
 * reset links to an SMTP server in this process, and one without SMTP_URL where the admin
 * hands out the link.
 */
const PASSWORD = "calm-focus-42";
const NEW_PASSWORD = "a-fresh-start-99";
const ADMIN = { username: "admin", password: "admin-pass-123" };

let sink: SmtpSink;
let mailing: RunningServer;
let noMail: RunningServer;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  // PUBLIC_ORIGIN is the server's own address: the links in the mails are built from it.
  const port = await freePort();
  [mailing, noMail, browser] = await Promise.all([
    startServer({ port, env: { SMTP_URL: sink.url(), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } }),
    startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  for (const server of [mailing, noMail]) {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  }
  await sink?.close();
});

/** Fills the sign-in form and submits it. */
async function submitLogin(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/auth?tab=login`);
  await page.getByLabel("Username or Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Sets the new password on an opened reset link's page; resolves once the app shows. */
async function setNewPassword(page: Page, baseUrl: string) {
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.waitForURL(`${baseUrl}/app`);
}

describe("password reset", () => {
  it("a user who forgot their password gets the mail, opens the link, sets a new one and is signed in; the old one fails", async () => {
    const username = uniqueName("forgot");
    // Signed in on another browser, which the reset signs out.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerOverApi(otherPage, mailing.url, username);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${mailing.url}/auth?tab=login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${mailing.url}/forgot-password`);
    await page.getByLabel("Username or Email").fill(`${username}@example.com`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "If an account matches" }).count()).toBe(1);
    await saveScreenshot(page, "password-reset/forgot-sent-390");

    const mail = await sink.nextMailTo(`${username}@example.com`, 15_000);
    const { url } = resetLinkOf(mail);
    expect(url.startsWith(`${mailing.url}/reset-password#`)).toBe(true);
    await page.goto(url);
    await page.getByLabel("New password", { exact: true }).waitFor();
    // The token leaves the address bar (and the history) at once.
    expect(page.url()).toBe(`${mailing.url}/reset-password`);
    await saveScreenshot(page, "password-reset/new-password-390");
    await setNewPassword(page, mailing.url);

    // The other browser is signed out.
    expect((await other.request.get(`${mailing.url}/api/me`)).status()).toBe(401);
    await other.close();

    // The same link does not work twice.
    const again = await browser.newContext();
    const againPage = await again.newPage();
    await againPage.goto(url);
    await expect.poll(() => againPage.getByRole("alert").innerText()).toContain("doesn't work anymore");
    await againPage.getByRole("link", { name: "Ask for a new link" }).waitFor();
    await saveScreenshot(againPage, "password-reset/dead-link-1280");

    // The old password fails, the new one works.
    await submitLogin(againPage, mailing.url, username, PASSWORD);
    await expect.poll(() => againPage.getByText("Invalid username or password").count()).toBeGreaterThan(0);
    await submitLogin(againPage, mailing.url, username, NEW_PASSWORD);
    await againPage.waitForURL(`${mailing.url}/app`);
    await again.close();
    await context.close();
  });

  it("without SMTP_URL the admin copies a Reset link for the user, who sets a new password with it", async () => {
    const username = uniqueName("nomail");
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await registerOverApi(userPage, noMail.url, username);
    await userContext.clearCookies();

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await adminContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: noMail.url });
    const adminPage = await adminContext.newPage();
    await submitLogin(adminPage, noMail.url, ADMIN.username, ADMIN.password);
    await adminPage.waitForURL(`${noMail.url}/app`);
    await adminPage.goto(`${noMail.url}/admin`);
    await adminPage.getByRole("button", { name: `Reset link for ${username}` }).click();
    const dialog = adminPage.getByRole("dialog", { name: `Reset link for ${username}` });
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    await saveScreenshot(adminPage, "password-reset/admin-link-1280");
    const link = await adminPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${noMail.url}/reset-password#[A-Za-z0-9_-]{43}$`));
    await adminContext.close();

    await userPage.goto(link);
    await setNewPassword(userPage, noMail.url);
    await userContext.clearCookies();
    await submitLogin(userPage, noMail.url, username, PASSWORD);
    await expect.poll(() => userPage.getByText("Invalid username or password").count()).toBeGreaterThan(0);
    await userContext.close();
  });
});
