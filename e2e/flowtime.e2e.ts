import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DISC_COLOURS, DISC_STEPS, DISC_WARNING_COLOUR, discPath } from "@focus/core/timer";
import { deviceAccountTimer, moveSessionBack, signInInUi } from "./accountTimerHelpers";
import { launchBrowser, registerOverApi, removeDataDir, saveScreenshot, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Five more minutes and Flowtime end to end in Debian Chromium (`docs/product.md`, The timer), as
 * a guest, whose timer lives in the browser alone, so Playwright's page clock can move time on:
 * a 17-minute focus session warns at 1:00 left (⏳ in the title) and "+5 min" makes the same
 * session end at 22:00 instead of 17:00; a Flowtime session counts up and "Take a break"
 * records it with its real length and starts the break it earned. Signed in on two devices, "+5
 * min" just after the end brings the session back on both and withdraws its record on the server.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** A guest's settings as the browser keeps them (a guest has no settings on the server). */
const GUEST_SETTINGS = {
  focusDuration: 17,
  shortBreakDuration: 5,
  longBreakDuration: 15,
  longBreakInterval: 4,
  autoStartBreaks: true,
  autoStartFocus: false,
  soundNotifications: false,
  desktopNotifications: false,
  notificationSound: "none",
  theme: "dark",
  endWarning: "1",
};

/** A guest on /app at a fixed local mid-morning (the minutes fast-forwarded never cross midnight). */
async function guestAt(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.clock.install({ time: new Date("2026-03-10T10:00:00") });
  await page.goto(`${server.url}/auth`);
  await page.evaluate((settings) => localStorage.setItem("settings", JSON.stringify(settings)), GUEST_SETTINGS);
  await page.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL(`${server.url}/app`);
  return page;
}

/** The guest's recorded sessions, as the browser keeps them. */
async function guestSessions(page: Page): Promise<Array<{ type: string; duration: number; completed: boolean; extensions?: number }>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("guest-sessions") ?? "[]"));
}

describe("Five more minutes and Flowtime end to end", () => {
  it("warns at 1:00 left of a 17-minute session, and +5 min makes it end at 22:00 instead of 17:00", async () => {
    const page = await guestAt({ width: 390, height: 844 });
    // The tab's icon: the visual timer's disc while a session is under way (decoded SVG).
    const tabIcon = async () => decodeURIComponent((await page.locator('link[rel="icon"]').getAttribute("href")) ?? "");
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("17:00");
    expect(await tabIcon()).toBe("/favicon.svg");
    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    expect(await page.title()).not.toMatch(/^⏳/);
    // A full disc (or, on a busy machine, a step or two under it: one step is 8.5 s of 17 minutes).
    const fullDiscs = [DISC_STEPS, DISC_STEPS - 1, DISC_STEPS - 2].map((steps) => `d="${discPath(steps / DISC_STEPS, 16, 16, 12)}" fill="${DISC_COLOURS.focus}"`);
    await expect
      .poll(async () => {
        const icon = await tabIcon();
        return fullDiscs.some((disc) => icon.includes(disc));
      })
      .toBe(true);

    await page.clock.fastForward("16:00");
    await expect.poll(() => page.title()).toMatch(/^⏳ 0[01]:\d\d · Focus/);
    await expect.poll(() => page.getByTestId("end-warning").textContent()).toBe("The last minute");
    // At most a seventeenth of the disc is left (in its 120 steps), drawn amber with the warning.
    // The page's clock runs on meanwhile: on a busy machine the icon may be read a step or two later.
    const lastMinuteDiscs = Array.from({ length: Math.ceil(DISC_STEPS / 17) }, (_, i) => `d="${discPath((i + 1) / DISC_STEPS, 16, 16, 12)}" fill="${DISC_WARNING_COLOUR}"`);
    await expect
      .poll(async () => {
        const icon = await tabIcon();
        return lastMinuteDiscs.some((disc) => icon.includes(disc));
      })
      .toBe(true);
    await saveScreenshot(page, "flowtime/extend-offer-phone");

    await page.getByRole("button", { name: /^\+5 min/ }).click();
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toMatch(/^0[56]:\d\d$/);
    expect(await page.title()).not.toMatch(/^⏳/);

    // 17:00 passes: the session runs on.
    await page.clock.fastForward("01:30");
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toMatch(/^04:\d\d$/);
    expect(await guestSessions(page)).toEqual([]);
    // The warning comes again at 1:00 before the new end.
    await page.clock.fastForward("03:30");
    await expect.poll(() => page.title()).toMatch(/^⏳ 0[01]:\d\d · Focus/);
    // At 22:00 it ends: recorded once, 22 minutes long, with its one extension.
    await page.clock.fastForward("01:00");
    await page.clock.runFor(2000);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("today-minutes").textContent()).toBe("22");
    await expect.poll(() => guestSessions(page)).toEqual([expect.objectContaining({ type: "focus", duration: 22 * 60, completed: true, extensions: 1 })]);
    // For 10 seconds after the end, the notice still offers five more minutes (one of the two left).
    await expect.poll(() => page.getByText("In the middle of something? +5 min gives this same session five more minutes (key +).").isVisible()).toBe(true);
    await saveScreenshot(page, "flowtime/extend-after-end-phone");
    await page.context().close();
  });

  it("counts a Flowtime session up, shows the break it earns, and 'Take a break' records it and starts that break", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await guestAt(viewport);
      const size = viewport.width > 400 ? "desktop" : "phone";
      await saveScreenshot(page, `flowtime/arena-waiting-${size}`);
      await page.getByRole("switch", { name: "Flowtime" }).check();
      await page.getByRole("button", { name: "Start Focus" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Take a break" }).isVisible()).toBe(true);

      await page.clock.fastForward("30:00");
      await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("30:00");
      await expect.poll(() => page.title()).toMatch(/^30:00 · Focus/);
      await expect.poll(() => page.getByText("Break earned: 6 min").isVisible()).toBe(true);
      expect(await page.getByTestId("end-warning").count()).toBe(0);
      await saveScreenshot(page, `flowtime/arena-flow-${size}`);

      await page.getByRole("button", { name: "Take a break" }).click();
      await page.clock.runFor(2000);
      await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
      await expect.poll(() => page.getByTestId("today-minutes").textContent()).toBe("30");
      // Its real length: 30 minutes and the moments the click took (the page clock runs on in real time).
      await expect.poll(() => guestSessions(page)).toEqual([expect.objectContaining({ type: "focus", completed: true })]);
      const recorded = await guestSessions(page);
      expect(recorded[0]?.duration).toBeGreaterThanOrEqual(30 * 60);
      expect(recorded[0]?.duration).toBeLessThan(30 * 60 + 15);
      await expect.poll(() => page.getByTestId("timer-display").textContent()).toMatch(/^0[56]:\d\d$/);
      await saveScreenshot(page, `flowtime/arena-earned-break-${size}`);
      await page.context().close();
    }
  });

  it("takes +5 min just after the end on one device: both devices run the same session again and the server withdraws its record", async () => {
    const username = uniqueName("extend");
    const laptopContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const laptop = await laptopContext.newPage();
    await registerOverApi(laptop, server.url, username);
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await signInInUi(phone, server.url, username);
    await laptop.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => phone.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    // Started 25 minutes ago less 6 seconds, as far as the server knows; both devices learn it.
    const moved = await moveSessionBack(server, username, 25 * 60_000 - 6000);
    await Promise.all([laptop.reload(), phone.reload()]);
    const focusSessions = async () =>
      ((await (await laptop.request.get(`${server.url}/api/sessions`)).json()) as { type: string; completed: boolean }[]).filter((s) => s.type === "focus");
    await expect.poll(() => laptop.getByTestId("today-sessions").textContent(), { timeout: 30_000 }).toBe("1");
    await expect.poll(focusSessions, { timeout: 5000 }).toEqual([expect.objectContaining({ completed: true })]);
    await expect.poll(() => laptop.getByText("Focus session complete").isVisible()).toBe(true);

    await laptop.locator("body").press("+");
    for (const page of [laptop, phone]) {
      await expect.poll(() => page.getByRole("button", { name: "Focus", exact: true }).getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => page.getByTestId("timer-display").textContent()).toMatch(/^0[45]:\d\d$/);
    }
    await expect.poll(focusSessions, { timeout: 5000 }).toEqual([]);
    await expect.poll(() => laptop.getByTestId("today-sessions").textContent()).toBe("0");
    // The same session: the server's timer runs from the same start, to its end 5 minutes on.
    await expect.poll(() => deviceAccountTimer(laptop)).toMatchObject({ sessionStartTime: moved.sessionStartTime, endsAt: (moved.endsAt ?? 0) + 5 * 60_000 });
    await laptopContext.close();
    await phoneContext.close();
  });
});
