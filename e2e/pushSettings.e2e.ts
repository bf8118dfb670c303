import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { saveScreenshot, uniqueName, type RunningServer } from "./harness";
import { serverAndBrowserPerFile } from "./serverAndBrowser";

/**
 * Settings, "Notify this device when a session ends, even with the screen locked"
 * (`docs/product.md`, Notifications on a locked phone), in Chromium with the app's service
 * worker running: the switch asks nothing more of a user who allowed notifications, subscribes
 * through the browser's push service and saves the subscription. Headless Chromium here cannot
 * reach Google's push service, so its subscribe fails: the card must say so plainly and stay
 * usable (a browser that reaches the service ends with the switch on instead). Screenshots of
 * the card at desktop and phone size with E2E_SCREENSHOTS=1.
 */
const SWITCH = { name: "Notify this device when a session ends, even with the screen locked" };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let server: RunningServer;
let browser: Browser;

serverAndBrowserPerFile((started) => ({ server, browser } = started));

/** A signed-in page on /settings, its service worker in control, notifications allowed. */
async function settingsPage(size: keyof typeof SIZES): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES[size], serviceWorkers: "allow" });
  await context.grantPermissions(["notifications"], { origin: server.url });
  const registered = await context.request.post(`${server.url}/api/register`, {
    data: { username: uniqueName("push"), password: "calm-focus-42", email: `${uniqueName("push")}@example.com` },
    headers: { origin: server.url },
  });
  expect(registered.status()).toBe(201);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  return page;
}

describe("the locked-screen notification switch in Chromium", () => {
  for (const size of ["desktop", "phone"] as const) {
    it(`switches on from the keyboard, or says the push service cannot be reached and stays usable (${size})`, async () => {
      const page = await settingsPage(size);
      const toggle = page.getByRole("switch", SWITCH);
      await expect.poll(() => toggle.isEnabled(), { timeout: 30_000 }).toBe(true);
      await toggle.scrollIntoViewIfNeeded();
      await toggle.focus();
      await page.keyboard.press("Space");
      const alert = page.getByRole("alert").filter({ hasText: "push service" });
      await expect.poll(async () => (await toggle.isChecked()) || (await alert.count()) > 0, { timeout: 30_000 }).toBe(true);
      if (!(await toggle.isChecked())) {
        expect(await alert.textContent()).toContain("couldn't reach its push service");
        expect(await toggle.isEnabled()).toBe(true);
      }
      await page.getByText("Notification settings").scrollIntoViewIfNeeded();
      await saveScreenshot(page, `push/settings-push-${size}`);
      await page.context().close();
    });
  }
});
