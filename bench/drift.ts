/**
 * Timer drift in Chromium (`pnpm bench` section drift): a freshly registered user starts a
 * focus session in /app; the displayed mm:ss is compared with the wall clock (a) right after
 * the start, (b) after the page was hidden for BENCH_DRIFT_HIDDEN_S seconds and shown again,
 * (c) after the main thread was blocked for BENCH_DRIFT_BLOCK_S seconds.
 *
 * Drift (ms) is measured at display changes: a MutationObserver in the page timestamps each
 * change of the timer display; a change to `s` seconds at wall time t should happen when the
 * true remaining time reaches s·1000 ms, so drift = t + s·1000 − (click time + session length),
 * where the click time is stamped by a capture-phase listener just before the app handles the
 * Start Focus click. Positive = the display is behind (shows more time left than there is).
 * Median over the changes seen in a 2.5 s window; resolution a few ms.
 *
 * "Hidden": headless Chromium never hides a page (tried: a second tab in front, a background
 * tab, a minimised window, headful under Xvfb through Playwright, with Playwright's
 * anti-throttling switches removed: `visibilityState` stays "visible" and a 100 ms interval
 * keeps firing every 100 ms), and CDP `Page.setWebLifecycleState: frozen` does not stop its
 * timers either. So the bench emulates the worst a background tab gets: the page is told it is
 * hidden (`document.visibilityState`/`hidden` overridden, `visibilitychange` dispatched), then
 * its JavaScript is paused through the CDP debugger for the whole period — no timer, frame or
 * handler runs, harsher than Chrome's 1 s and 1 min background wake-up throttling and equal to
 * a frozen tab — then resumed and shown again. The longest gap between runs of a 250 ms
 * in-page interval is printed next to each figure as evidence of what the page went through.
 *
 * Last, the page is reloaded RELOADS times while the session runs: the time from each reload
 * until the running session is on screen again (its Pause button shown), ms, and the drift after.
 */
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "../e2e/harness";
import { fmt, type Knobs, percentile } from "./lib/common";

export interface DriftPoint {
  label: string;
  driftMs: number;
  /** Display changes the figure is the median of. */
  changes: number;
  /** Longest gap between runs of a 250 ms interval in the page since the previous point, ms. */
  maxTimerGapMs: number;
}

export interface DriftResult {
  how: string;
  points: DriftPoint[];
  /** Each reload's time until the running session was shown again, ms. */
  reloadMs: number[];
}

/** Reloads of the page while the session runs. */
const RELOADS = 7;

interface BenchWindow {
  __benchClickAt?: number;
  __benchGap: { last: number; max: number };
}

declare function setVisibility(state: "hidden" | "visible"): void;

/**
 * Installed before the app loads (as source text, so no transpiler helper leaks into the
 * page): click timestamps, an interval-gap recorder, and `setVisibility(state)`, which
 * overrides the page's visibility and fires `visibilitychange`.
 */
const INSTRUMENT = `
(() => {
  let visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => visibility === "hidden" });
  window.setVisibility = (state) => {
    visibility = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.addEventListener("click", () => { window.__benchClickAt = Date.now(); }, true);
  window.__benchGap = { last: Date.now(), max: 0 };
  setInterval(() => {
    const now = Date.now();
    window.__benchGap.max = Math.max(window.__benchGap.max, now - window.__benchGap.last);
    window.__benchGap.last = now;
  }, 250);
})();
`;

const seconds = (text: string | null): number => {
  const [mm, ss] = (text ?? "").trim().split(":").map(Number);
  return (mm ?? Number.NaN) * 60 + (ss ?? Number.NaN);
};

async function measure(page: Page, label: string, endsRef: number): Promise<DriftPoint> {
  const { changes, gap } = await page.evaluate(async (windowMs) => {
    const w = window as unknown as BenchWindow;
    const element = document.querySelector('[data-testid="timer-display"]');
    const seen: Array<{ t: number; text: string | null }> = [];
    const observer = new MutationObserver(() => seen.push({ t: Date.now(), text: element?.textContent ?? null }));
    if (element) observer.observe(element, { characterData: true, childList: true, subtree: true });
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    observer.disconnect();
    const gapNow = Math.max(w.__benchGap.max, Date.now() - w.__benchGap.last);
    w.__benchGap.max = 0;
    return { changes: seen, gap: gapNow };
  }, 2500);
  const drifts = changes.map((c) => c.t + seconds(c.text) * 1000 - endsRef).filter(Number.isFinite);
  return { label, driftMs: percentile(drifts, 50), changes: drifts.length, maxTimerGapMs: gap };
}

export async function benchDrift(server: RunningServer, browser: Browser, knobs: Knobs, log: (line: string) => void): Promise<DriftResult> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 } });
  try {
    const username = `drift${Date.now().toString(36)}`;
    const registered = await context.request.post(`${server.url}/api/register`, {
      data: { username, email: `${username}@example.com`, password: "bench-password-1" },
      headers: { origin: server.url },
    });
    if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    await page.goto(`${server.url}/app`);
    const display = page.getByTestId("timer-display");
    await display.waitFor();
    const lengthMs = seconds(await display.textContent()) * 1000;
    if (!Number.isFinite(lengthMs) || lengthMs <= 0) throw new Error(`unexpected timer display "${await display.textContent()}"`);
    await page.getByRole("button", { name: "Start Focus" }).click();
    const clickAt = await page.evaluate(() => (window as unknown as BenchWindow).__benchClickAt);
    if (clickAt === undefined) throw new Error("the Start Focus click was not seen");
    const endsRef = clickAt + lengthMs;
    const points: DriftPoint[] = [];
    const report = (point: DriftPoint) => {
      points.push(point);
      log(`${point.label}: drift ${fmt(point.driftMs, 0)} ms (median of ${point.changes} display changes), longest timer gap ${fmt(point.maxTimerGapMs, 0)} ms`);
    };

    await page.waitForTimeout(1500);
    report(await measure(page, "running, visible", endsRef));

    const cdp = await context.newCDPSession(page);
    log(`page hidden with its JavaScript paused for ${knobs.driftHiddenS} s …`);
    await page.evaluate(() => setVisibility("hidden"));
    await cdp.send("Debugger.enable");
    const paused = new Promise((resolve) => cdp.once("Debugger.paused", resolve));
    await cdp.send("Debugger.pause");
    await paused;
    await new Promise((resolve) => setTimeout(resolve, knobs.driftHiddenS * 1000));
    await cdp.send("Debugger.resume");
    await cdp.send("Debugger.disable");
    await page.evaluate(() => setVisibility("visible"));
    report(await measure(page, `after ${knobs.driftHiddenS} s hidden (JS paused), shown again`, endsRef));

    log(`main thread blocked for ${knobs.driftBlockS} s …`);
    await page.evaluate((ms) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // busy: nothing else runs on the main thread
      }
    }, knobs.driftBlockS * 1000);
    report(await measure(page, `after a ${knobs.driftBlockS} s main-thread block`, endsRef));

    const reloadMs: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      const started = Date.now();
      await page.reload();
      await page.getByRole("button", { name: "Pause" }).waitFor();
      reloadMs.push(Date.now() - started);
    }
    log(`reload → running session shown: median ${fmt(percentile(reloadMs, 50), 0)} ms, slowest ${fmt(Math.max(...reloadMs), 0)} ms (${RELOADS} reloads)`);
    report(await measure(page, `after ${RELOADS} reloads`, endsRef));

    const shown = seconds(await display.textContent());
    log(`display ${await display.textContent()} at ${fmt((Date.now() - clickAt) / 1000, 1)} s after the start (expected ≈ ${fmt((endsRef - Date.now()) / 1000, 1)} s left, shown ${shown} s)`);
    return { how: "hidden = visibility emulated + JS paused via CDP debugger, see bench/drift.ts", points, reloadMs };
  } finally {
    await context.close();
  }
}
