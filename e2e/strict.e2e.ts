import { ESCAPE_SENTENCE } from "@focus/core/constants";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInInUi } from "./accountTimerHelpers";
import { closeTab, downloadExtension, launchWithExtension, startTestSite, type ExtensionBrowser, type TestSite } from "./extensionHarness";
import { freePort, launchBrowser, registerOverApi, removeDataDir, saveScreenshot, startServer, uniqueName, type RunningServer, showAppTab } from "./harness";

/**
 * Strict focus end to end (`docs/product.md`, Strict focus), in Debian Chromium with the
 * extension the server serves, paired: a strict focus session started from the Focus Arena's
 * switch offers no Pause, the Space key only gets a calm note, the extension's popup shows no
 * Pause or Reset, a second device's pause is refused, the listed site stays blocked and cannot be
 * removed, nor let through by an exception, looser settings, an import or a password change (the
 * extension holds its rules when its token ends); End early works after the typed sentence and
 * the server's wait (its real 60 s: a page's clock cannot skip it), and Statistics show the
 * session as ended early.
 */
const SITE = "strict-test.example";

let server: RunningServer;
let site: TestSite;
let browser: ExtensionBrowser;
let context: BrowserContext;
let app: Page;
let extensionId: string;
let otherBrowser: Browser;

beforeAll(async () => {
  server = await startServer({ port: await freePort() });
  const extensionDir = await downloadExtension(server.url);
  site = await startTestSite(() => "<!doctype html><title>Strict test site</title><h1>Strict test site</h1>");
  browser = await launchWithExtension(extensionDir, [SITE]);
  ({ context, extensionId } = browser);
  app = await context.newPage();
  otherBrowser = await launchBrowser();
});

afterAll(async () => {
  await otherBrowser?.close();
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await site?.close();
});

/** Where a visit to the listed site ends up: the extension's blocked page, or the site. */
async function landing(): Promise<string> {
  const page = await context.newPage();
  await page.goto(`http://${SITE}:${site.port}/`).catch(() => undefined);
  await page.waitForLoadState("domcontentloaded");
  const url = page.url();
  await closeTab(page);
  return url.startsWith(`chrome-extension://${extensionId}/blocked/`) ? "blocked" : "open";
}

describe("strict focus", () => {
  const username = uniqueName("strict");

  it("pairs the extension and lists a site", async () => {
    await registerOverApi(app, server.url, username);
    await showAppTab(app, "block");
    await app.getByLabel("Website to block").fill(SITE);
    await app.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => app.getByText("Website added to blocklist").count()).toBeGreaterThan(0);
    await app.goto(`${server.url}/extension`);
    await app.getByRole("button", { name: "Pair this browser's extension" }).click();
    await expect.poll(() => app.getByText("Extension paired").count()).toBeGreaterThan(0);
    await app.goto(`${server.url}/app`);
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("open");
  });

  it("refuses Pause from the page, the keyboard, the popup and a second device, and the site stays blocked", async () => {
    await showAppTab(app, "timer");
    await saveScreenshot(app, "strict-switch-idle");
    await app.getByRole("switch", { name: "Strict" }).check();
    await app.getByRole("button", { name: "Start Focus" }).click();
    await app.getByTestId("strict-session").waitFor();
    expect(await app.getByRole("button", { name: "Pause" }).count()).toBe(0);
    expect(await app.getByRole("button", { name: "Reset timer" }).count()).toBe(0);
    expect(await app.getByRole("group", { name: "Timer mode" }).count()).toBe(0);
    await saveScreenshot(app, "strict-focus-arena");

    // Space and R: a calm note, nothing else.
    await app.keyboard.press("Space");
    await app.getByText("Strict focus: this session keeps going").first().waitFor();
    await app.keyboard.press("r");
    expect(await app.getByText("Running").count()).toBe(1);
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("blocked");

    // The popup offers no Pause or Reset and says where End early is.
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(`chrome-extension://${extensionId}/popup/popup.html`);
    await expect.poll(() => popup.locator("#notice-title").textContent(), { timeout: 20_000 }).toBe("Strict focus");
    expect(await popup.locator("#controls").isHidden()).toBe(true);
    expect(await popup.locator("#primary").isVisible()).toBe(false);
    await saveScreenshot(popup, "strict-extension-popup");
    await closeTab(popup);

    // A second device sees the strict session; its Space is refused there and by the server.
    const phoneContext = await otherBrowser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await signInInUi(phone, server.url, username);
    await phone.getByTestId("strict-session").waitFor({ timeout: 20_000 });
    expect(await phone.getByRole("button", { name: "Pause" }).count()).toBe(0);
    await phone.keyboard.press("Space");
    await phone.getByText("Strict focus: this session keeps going").first().waitFor();
    await saveScreenshot(phone, "strict-focus-arena-phone");
    // The escape hatch on a phone: the dialog fits, and Keep focusing leaves everything as it was.
    await phone.getByRole("button", { name: "End early" }).click();
    const phoneDialog = phone.getByRole("dialog", { name: "End this session early?" });
    await phoneDialog.getByText("This week: 0 of 3 escapes used.").waitFor();
    await saveScreenshot(phone, "strict-end-early-phone");
    await phoneDialog.getByRole("button", { name: "Keep focusing" }).click();
    await phoneDialog.waitFor({ state: "detached" });
    await phone.getByTestId("strict-session").waitFor();
    await phoneContext.close();
    // The laptop still runs the strict session.
    await app.getByTestId("strict-session").waitFor();
    expect(await app.getByText("Running").count()).toBe(1);
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("blocked");

    // The listed site cannot be removed meanwhile, and the server refuses it too.
    await showAppTab(app, "block");
    await app.getByTestId("blocklist-strict-note").waitFor();
    expect(await app.getByRole("button", { name: `Remove ${SITE}` }).count()).toBe(0);
    const sites = (await (await app.request.get(`${server.url}/api/blocked-sites`)).json()) as { id: number }[];
    const removal = await app.request.delete(`${server.url}/api/blocked-sites/${sites[0]!.id}`, { headers: { origin: server.url } });
    expect(removal.status()).toBe(409);
    await showAppTab(app, "timer");
  });

  it("keeps the site blocked through every ordinary way to loosen the Shield: an exception, looser settings, an import, a password change", async () => {
    const headers = { origin: server.url };
    const post = (path: string, data: unknown) => app.request.post(`${server.url}${path}`, { data, headers });
    // An exception for the listed site, looser settings and an import carrying them: each refused with why.
    const exception = await post("/api/blocked-sites", { url: `+${SITE}`, active: true });
    expect([exception.status(), ((await exception.json()) as { message: string }).message]).toEqual([409, expect.stringMatching(/strict/i)]);
    expect((await post("/api/settings", { delayPassesPerDay: 10 })).status()).toBe(409);
    const exported = (await (await app.request.get(`${server.url}/api/export`)).json()) as { settings: Record<string, unknown> };
    expect((await post("/api/import", { ...exported, settings: { ...exported.settings, delayPassesPerDay: 10 } })).status()).toBe(409);
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("blocked");

    // A password change signs the other browsers out and ends the extension's token: the
    // extension keeps its list and rules until the strict session ends.
    const changed = await app.request.put(`${server.url}/api/user/password`, { data: { currentPassword: "calm-focus-42", newPassword: "calm-focus-43" }, headers });
    expect(changed.status()).toBe(200);
    // Given time to hear of it (the live connection closes with 4401 at once), it still blocks.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (let i = 0; i < 3; i++) expect(await landing()).toBe("blocked");
    // Paired again by its own account (a fresh token), it follows the account's timer as before.
    await app.goto(`${server.url}/extension`);
    await app.getByRole("button", { name: "Pair this browser's extension" }).click();
    await expect.poll(() => app.getByText("Extension paired").count()).toBeGreaterThan(0);
    await app.goto(`${server.url}/app`);
    await app.getByTestId("strict-session").waitFor();
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("blocked");
  });

  it("ends early after the sentence and the wait, and Statistics show it", async () => {
    await app.getByRole("button", { name: "End early" }).click();
    const dialog = app.getByRole("dialog", { name: "End this session early?" });
    await dialog.waitFor();
    const end = dialog.getByRole("button", { name: "End session" });
    await dialog.getByRole("textbox").fill(ESCAPE_SENTENCE);
    await expect.poll(() => dialog.getByTestId("end-early-status").textContent()).toMatch(/^Wait [01]:\d\d more\.$/);
    expect(await end.isDisabled()).toBe(true);
    await saveScreenshot(app, "strict-end-early-wait");
    // The wait is the server's: it runs its 60 s on both clocks.
    await expect.poll(() => end.isEnabled(), { timeout: 90_000 }).toBe(true);
    await end.click();
    await app.getByText("Session ended early").first().waitFor();
    await app.getByRole("button", { name: "Start Focus" }).waitFor();
    await expect.poll(landing, { timeout: 20_000, interval: 500 }).toBe("open");

    await expect
      .poll(async () => ((await (await app.request.get(`${server.url}/api/sessions`)).json()) as { escapedAt?: string }[]).filter((s) => s.escapedAt).length)
      .toBe(1);
    await showAppTab(app, "stats");
    const card = app.getByTestId("escapes-card");
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain("1 escape this week");
    expect(await card.getByText("Focus session · Ended early").count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(app, "strict-statistics-escape");
    await app.emulateMedia({ colorScheme: "light" });
    await app.goto(`${server.url}/settings`);
    await app.getByText("Escapes per week").waitFor();
    await app.getByText("Escapes per week").scrollIntoViewIfNeeded();
    await saveScreenshot(app, "strict-settings");
    // The light theme, chosen with the header's button (the app's default is dark).
    await app.getByRole("button", { name: /^Theme: dark\. Switch to light$/ }).click();
    await app.getByText("Escapes per week").scrollIntoViewIfNeeded();
    await saveScreenshot(app, "strict-settings-light");
  });
});
