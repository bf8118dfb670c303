import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { daytimeZone, launchBrowser, registerOverApi, removeDataDir, startServer, uniqueName, type RunningServer, registerInUi, saveScreenshot } from "./harness";

/**
 * Accounts, plans and admin in the browser (`docs/product.md`): trial after registration, admin
 * activation, the whole cancellation flow, the guest's one session a day, an expired trial.
 */
let server: RunningServer;
let browser: Browser;
const ADMIN = { username: "admin", password: "admin-pass-123" };

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PAYMENT_URL: "https://pay.example/focus" } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});


async function login(page: Page, username: string, password: string) {
  await page.goto(`${server.url}/auth?tab=login`);
  await page.getByLabel("Username or Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${server.url}/app`);
}

type SqliteDatabase = { prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };
/** The API's own SQLite driver (the test reaches into the database as an operator would). */
const Database = createRequire(new URL("../apps/api/package.json", import.meta.url))("better-sqlite3") as new (
  file: string,
) => SqliteDatabase;

/** Sets a user's trial end in the database directly (the server is the only other writer). */
function setTrialEnd(username: string, iso: string) {
  const db = new Database(join(server.dataDir, "focus.db"));
  try {
    db.prepare("UPDATE users SET trial_end_date = ? WHERE lower(username) = lower(?)").run(iso, username);
  } finally {
    db.close();
  }
}

describe("plans and admin", () => {
  it("register → Free → Trial; the admin activates → Premium; the user cancels → free and cancelled", async () => {
    const username = uniqueName("plan");
    const userContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await userContext.newPage();
    await registerInUi(page, server.url, username);

    await page.goto(`${server.url}/subscription`);
    // The user's own plan badge (not the plan cards' headings): exactly 'Trial'; the status says
    // the trial runs, with its days left.
    const badge = page.getByTestId("plan-badge");
    await expect.poll(() => badge.textContent()).toBe("Trial");
    await expect.poll(() => page.getByTestId("plan-status").textContent()).toBe("Trial · 14 days left");
    await expect.poll(() => page.getByRole("button", { name: "Upgrade to Premium" }).isVisible()).toBe(true);

    // The admin activates premium from the users overview.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await adminContext.newPage();
    await login(admin, ADMIN.username, ADMIN.password);
    await admin.goto(`${server.url}/admin`);
    await admin.getByRole("button", { name: `Activate premium for ${username}` }).click();
    await expect.poll(() => admin.getByText(/^Subscription activated for user ID \d+$/).first().isVisible()).toBe(true);
    await expect.poll(() => admin.getByText("Premium Active").first().isVisible()).toBe(true);
    await saveScreenshot(admin, "admin-desktop", { fullPage: true });

    // The user sees Premium on their badge, and no longer the upgrade.
    await page.reload();
    await expect.poll(() => badge.textContent()).toBe("Premium");
    await expect.poll(() => page.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
    await expect.poll(() => page.getByText("You are on Premium. Thank you!").isVisible()).toBe(true);

    // The whole cancellation flow from Settings.
    await page.goto(`${server.url}/settings`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Too expensive").click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "No thanks, continue cancelling" }).click();
    await dialog.getByLabel("Feedback (optional)").fill("Trying something else for a while");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    const confirm = dialog.getByRole("button", { name: "Cancel Subscription" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type CANCEL to confirm").fill("CANCEL");
    await confirm.click();
    await expect.poll(() => page.getByText("Subscription Cancelled").first().isVisible()).toBe(true);

    const me = (await (await page.request.get(`${server.url}/api/me`)).json()) as { user: { subscriptionPlan: string; subscriptionStatus: string } };
    expect(me.user).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "cancelled" });
    await userContext.close();
    await adminContext.close();
  });

  it("sends other logged-in users away from /admin with 'Access Denied'", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await registerOverApi(page, server.url, uniqueName("nosy"));
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.getByText("Access Denied").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("You don't have permission to access this page.").isVisible()).toBe(true);
    await context.close();
  });
});

describe("limits", () => {
  it("lets a guest complete one focus session, then refuses the next start with 'Session Limit Reached'", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A fixed local mid-morning: fast-forwarding the 25 minutes never crosses midnight into another day.
    await page.clock.install({ time: new Date("2026-03-10T10:00:00") });
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL(`${server.url}/app`);
    await expect.poll(() => page.getByText("Guest Session").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Create Free Account (30s)" }).first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Start Focus" }).click();
    await page.clock.fastForward("25:00");
    await page.clock.runFor(2000);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    expect(await page.evaluate(() => localStorage.getItem("guest-session-used"))).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.getByRole("button", { name: "Focus", exact: true }).click();
    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.getByText("Session Limit Reached").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("Guests get 1 focus session a day. A free account gets 2 a day, and starts with a free trial of everything.").isVisible())
      .toBe(true);
    expect(await page.getByRole("button", { name: "Pause" }).count()).toBe(0);
    await saveScreenshot(page, "guest-limit-phone");

    // Still refused after a reload: the limit is remembered.
    await page.reload();
    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.getByText("Session Limit Reached").isVisible()).toBe(true);
    await context.close();
  });

  it("gives a user whose trial has ended the Free plan: two focus sessions a day, then a calm card in place of Start, and 'Daily Limit Reached' for a start by key", async () => {
    const username = uniqueName("expired");
    // Sessions of 90 and 50 minutes ago count for today wherever it is daytime now.
    const context = await browser.newContext({ timezoneId: daytimeZone() });
    const page = await context.newPage();
    await registerOverApi(page, server.url, username);
    const trialEnd = new Date(Date.now() - 86_400_000).toISOString();
    setTrialEnd(username, trialEnd);
    // A write from outside the server reaches signed-in requests once the session cache's
    // SESSION_CACHE_MS (2 s) has passed (docs/api.md, Sessions): wait until the server says so.
    const serverTrialEnd = async () =>
      ((await (await page.request.get(`${server.url}/api/me`)).json()) as { user: { trialEndDate: string } }).user.trialEndDate;
    await expect.poll(serverTrialEnd, { timeout: 20_000, interval: 250 }).toBe(trialEnd);
    await page.reload();
    await expect.poll(() => page.getByText("2 of 2 free focus sessions left today").isVisible(), { timeout: 20_000 }).toBe(true);
    // Two focus sessions finished today use up the day.
    for (const minutesAgo of [90, 50]) {
      const status = await page.evaluate(async (startTime) => {
        const response = await fetch("/api/sessions", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ startTime, duration: 1500, type: "focus", completed: true }),
        });
        return response.status;
      }, new Date(Date.now() - minutesAgo * 60_000).toISOString());
      expect(status).toBe(201);
    }
    await page.reload();
    const card = page.getByTestId("free-limit-card");
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/^2 of 2 focus sessions today\. More tomorrow at \d\d:\d\d \(in (\d+\sh\s?)?(\d+\smin)?\), or every session with Premium\.$/);
    expect(await page.getByRole("button", { name: "Start Focus" }).count()).toBe(0);
    await saveScreenshot(page, "free-limit-card-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, "free-limit-card-phone");
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByText("Daily Limit Reached").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Pause" }).count()).toBe(0);
    await context.close();
  });
});
