import { describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { moveSessionBack, putRunningFocus, shiftClock, shownSeconds, signInInUi } from "./accountTimerHelpers";
import { registerInUi, saveScreenshot, uniqueName, type RunningServer } from "./harness";
import { serverAndBrowserPerFile } from "./serverAndBrowser";

/**
 * One timer per account, in Debian Chromium: two browser contexts signed in to one account
 * stand for two devices (a laptop at desktop size, a phone at phone size, whose clock runs 2
 * minutes fast). What one does, the other shows within a second; the end rings on both and is
 * recorded once; a stray reset comes back with Undo, and a stopped session is counted as stopped.
 */
let server: RunningServer;
let browser: Browser;

serverAndBrowserPerFile((started) => ({ server, browser } = started));

interface Device {
  context: BrowserContext;
  page: Page;
  /** Paths of the notification sounds the page played. */
  sounds: string[];
}

/** A device of `username`: a new context (phone-sized and 2 minutes fast when `phone`), signed in, on /app. */
async function device(username: string, { phone = false, register = false } = {}): Promise<Device> {
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 } });
  if (phone) await shiftClock(context, 2 * 60_000);
  const page = await context.newPage();
  const sounds: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/sounds/")) sounds.push(path);
  });
  if (register) await registerInUi(page, server.url, username);
  else await signInInUi(page, server.url, username);
  return { context, page, sounds };
}

/** The user's focus sessions as the server lists them. */
async function focusSessions(page: Page): Promise<{ duration: number; completed: boolean; clientId?: string }[]> {
  const response = await page.request.get(`${server.url}/api/sessions`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { type: string; duration: number; completed: boolean }[]).filter((s) => s.type === "focus");
}

/** Milliseconds until `check` holds, polling every 20 ms (up to 10 s). */
async function msUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 10_000) throw new Error("not shown within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe("one timer per account, on two devices", () => {
  it("shows a start on the laptop on the phone within 1 s, a pause on the phone on the laptop, the same time left on both though the phone's clock is 2 minutes fast", async () => {
    const username = uniqueName("twodev");
    const laptop = await device(username, { register: true });
    const phone = await device(username, { phone: true });
    await expect.poll(() => phone.page.getByTestId("timer-display").textContent()).toBe("25:00");
    // The phone has heard the server's clock before anything starts.
    await phone.page.waitForTimeout(500);

    await laptop.page.getByRole("button", { name: "Start Focus" }).click();
    const seenAfter = await msUntil(() => phone.page.getByRole("button", { name: "Pause" }).isVisible());
    expect(seenAfter).toBeLessThan(1000);
    await laptop.page.waitForTimeout(1500);
    const [left, leftOnPhone] = [await shownSeconds(laptop.page), await shownSeconds(phone.page)];
    expect(Math.abs(left - leftOnPhone)).toBeLessThanOrEqual(1);
    expect(left).toBeGreaterThan(24 * 60);
    await saveScreenshot(phone.page, "account-timer-phone-running");

    await phone.page.getByRole("button", { name: "Pause" }).click();
    const pausedAfter = await msUntil(() => laptop.page.getByRole("button", { name: "Resume" }).isVisible());
    expect(pausedAfter).toBeLessThan(1000);
    const apart = Math.abs((await shownSeconds(laptop.page)) - (await shownSeconds(phone.page)));
    expect(apart).toBeLessThanOrEqual(1);
    console.info(`two devices: the start showed on the phone after ${seenAfter} ms, the pause on the laptop after ${pausedAfter} ms; paused time left ${apart} s apart (phone clock 2 min fast)`);

    // A reload of either shows the same paused session.
    await phone.page.reload();
    await expect.poll(() => phone.page.getByRole("button", { name: "Resume" }).isVisible()).toBe(true);
    expect(Math.abs((await shownSeconds(laptop.page)) - (await shownSeconds(phone.page)))).toBeLessThanOrEqual(1);
    await laptop.context.close();
    await phone.context.close();
  });

  it("rings the end on both devices and records the session once", async () => {
    const username = uniqueName("ends");
    const laptop = await device(username, { register: true });
    const phone = await device(username, { phone: true });
    await laptop.page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => phone.page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    // Started 25 minutes ago less 10 seconds, as far as the server knows; both devices learn it.
    await moveSessionBack(server, username, 25 * 60_000 - 10_000);
    await Promise.all([laptop.page.reload(), phone.page.reload()]);
    for (const { page } of [laptop, phone]) {
      await expect.poll(() => page.getByRole("button", { name: "Focus", exact: true }).getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => shownSeconds(page)).toBeLessThanOrEqual(10);
    }

    for (const { page, sounds } of [laptop, phone]) {
      await expect.poll(() => sounds, { timeout: 30_000 }).toEqual(["/sounds/bell.mp3"]);
      await expect.poll(() => page.getByTestId("today-sessions").textContent(), { timeout: 20_000 }).toBe("1");
    }
    await expect.poll(async () => (await focusSessions(laptop.page)).length, { timeout: 20_000 }).toBe(1);
    // A moment on, both devices have posted it and the server has settled it: still one.
    await laptop.page.waitForTimeout(3000);
    expect(await focusSessions(phone.page)).toEqual([expect.objectContaining({ duration: 1500, completed: true })]);
    await laptop.context.close();
    await phone.context.close();
  });

  it("brings a session reset by the R key back whole with Undo, and counts one stopped after 5 minutes as stopped", async () => {
    const username = uniqueName("undo");
    const setup = await device(username, { register: true });
    await setup.context.close();
    putRunningFocus(server, username, 5 * 60_000);
    const putAt = Date.now();
    const laptop = await device(username);
    const phone = await device(username, { phone: true });
    const { page } = laptop;
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    const before = await shownSeconds(page);
    const resetAt = Date.now();

    await page.locator("body").press("r");
    await expect.poll(() => page.getByText("Focus session reset").isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Your 5 minutes of focus are saved as a stopped session/).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");
    await saveScreenshot(page, "account-timer-undo-offer");
    await page.locator("body").press("u");
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    // Back whole: the same session, to its own end (it ran on meanwhile, as the user was there).
    const ranOn = Math.round((Date.now() - resetAt) / 1000);
    expect(Math.abs((await shownSeconds(page)) - (before - ranOn))).toBeLessThanOrEqual(2);
    // The other device followed both: the session runs there too, and nothing was recorded.
    await expect.poll(() => phone.page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    expect(await focusSessions(page)).toEqual([]);

    // Reset for real this time: after the Undo window, it is listed as stopped with its length.
    await page.locator("body").press("r");
    await expect.poll(async () => focusSessions(page), { timeout: 30_000 }).toEqual([expect.objectContaining({ completed: false })]);
    // Its real length: the 5 minutes before this test, and the seconds it ran here.
    const [stopped] = await focusSessions(page);
    expect(stopped?.duration).toBeGreaterThanOrEqual(300);
    expect(stopped?.duration).toBeLessThanOrEqual(300 + Math.ceil((Date.now() - putAt) / 1000));
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect.poll(() => page.getByText(/0 completed, 1 stopped early/).isVisible(), { timeout: 20_000 }).toBe(true);
    await laptop.context.close();
    await phone.context.close();
  });
});
