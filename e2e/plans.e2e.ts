import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, registerInUi, removeDataDir, saveScreenshot, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Plans keep their promises (`docs/product.md`, People and plans; Offers and upgrade requests):
 * the server's one trial length on every screen that names it, an upgrade without a payment link
 * recorded and said so, a retention offer recorded and applied by the admin, and the admin never
 * offered to cancel their own plan.
 */
let server: RunningServer;
let browser: Browser;
const ADMIN = { username: "admin", password: "admin-pass-123" };
const SUPPORT_EMAIL = "help@plans.example";

beforeAll(async () => {
  // A trial length no copy ever hard-coded, and no PAYMENT_URL.
  server = await startServer({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRIAL_DAYS: "21", SUPPORT_EMAIL },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Waits until `text` is visible on the page (the first match). */
async function shows(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);
}

describe("plans, offers and upgrade requests", () => {
  it("21-day trial everywhere; upgrade requested without a payment link; offer accepted, applied by the admin; no Cancel on the admin's own row", async () => {
    const username = uniqueName("plans");
    const userContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await userContext.newPage();

    // Registration copy: the server's 21 days, no other number.
    await page.goto(`${server.url}/auth`);
    await shows(page, "Start your 21-day free trial in about 30 seconds. No card required.");
    await shows(page, "21-day free trial, no card required.");
    expect(await page.getByText(/\b(7|14)-day free trial/).count()).toBe(0);
    await registerInUi(page, server.url, username);

    // /subscription: the trial runs, 21 days left; the plan cards name the same length.
    await page.goto(`${server.url}/subscription`);
    await expect.poll(() => page.getByTestId("plan-badge").textContent()).toBe("Trial");
    await expect.poll(() => page.getByTestId("plan-status").textContent()).toBe("Trial · 21 days left");
    await shows(page, "Keep everything after your trial.");
    await expect.poll(() => page.getByTestId("plan-line").textContent()).toBe("Trial · 21 days left");
    // The trial already runs: /subscription offers no other.
    expect(await page.getByText(/free trial/i).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toMatch(`mailto:${SUPPORT_EMAIL}?`);

    // Upgrading without PAYMENT_URL: recorded, said so, no new tab.
    const popups: Page[] = [];
    userContext.on("page", (popup) => popups.push(popup));
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await shows(page, `We'll email you at ${username}@example.com with how to pay, and an admin activates Premium within 24 hours of payment. Questions? Write to ${SUPPORT_EMAIL}.`);
    expect(await page.getByText("Upgrade Failed").count()).toBe(0);
    const requests = page.getByRole("list", { name: "Your requests" });
    await expect.poll(() => requests.getByText("Upgrade requested").isVisible()).toBe(true);
    expect(popups).toHaveLength(0);

    // The admin sees the request, has no Cancel (nor Delete) on their own row, and activates Premium.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/auth?tab=login`);
    await admin.getByLabel("Username or Email").fill(ADMIN.username);
    await admin.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await admin.getByRole("button", { name: "Sign In" }).click();
    await admin.waitForURL(`${server.url}/app`);
    await admin.goto(`${server.url}/admin`);
    const row = admin.getByRole("listitem").filter({ hasText: username });
    await expect.poll(() => row.getByText(/^Upgrade requested /).isVisible(), { timeout: 30_000 }).toBe(true);
    const ownRow = admin.getByRole("listitem").filter({ hasText: "(you)" });
    await expect.poll(() => ownRow.getByText(ADMIN.username, { exact: true }).isVisible()).toBe(true);
    expect(await ownRow.getByRole("button", { name: /Cancel subscription/ }).count()).toBe(0);
    expect(await ownRow.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    await admin.getByRole("button", { name: `Activate premium for ${username}` }).click();
    await shows(admin, /^Subscription activated for user ID \d+$/);
    // The user's open page hears it at once, without a reload.
    await shows(page, "Premium is on");
    await expect.poll(() => page.getByTestId("plan-line").textContent()).toBe("Premium");
    await expect.poll(() => page.getByTestId("plan-badge").textContent()).toBe("Premium");

    // The user, now on Premium, starts cancelling and accepts the 50% offer instead.
    await page.goto(`${server.url}/settings`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Too expensive").click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Accept 50% off" }).click();
    await shows(page, "Offer accepted");
    expect(await page.getByText(/Offer Applied/i).count()).toBe(0);
    await expect.poll(() => requests.getByText("Offer pending").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("plan-badge").textContent()).toBe("Premium");

    // The admin sees the accepted offer and marks it applied.
    await admin.getByRole("button", { name: "Refresh users" }).click();
    await expect.poll(() => row.getByText("Offer accepted: 50% off for 3 months").isVisible()).toBe(true);
    await saveScreenshot(admin, "plans/admin-offer-desktop", { fullPage: true });
    await row.getByRole("button", { name: `Mark offer applied for ${username}` }).click();
    await shows(admin, /^Offer marked applied for user ID \d+$/);
    await expect.poll(() => row.getByText("Offer applied: 50% off for 3 months").isVisible()).toBe(true);

    // The user's /subscription says it was applied.
    await page.goto(`${server.url}/subscription`);
    await expect.poll(() => requests.getByText("Offer applied").isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await requests.getByText("Offer pending").count()).toBe(0);
    await saveScreenshot(page, "plans/subscription-desktop", { fullPage: true });

    await userContext.close();
    await adminContext.close();
  });
});
