/**
 * Blocked page entry (thin): reads the site and the session end from the query, counts the
 * visit, shows today's stopped visits and, on a delay page, the countdown and the choice (view.ts
 * `delayView`: "Continue" asks the worker for a pass, then opens the visited address). It counts the
 * attempt (through the worker, which holds the token, and only when the extension's redirect
 * opened this page as a tab's top-level page: view.ts `countsAsAttempt`), and counts down every
 * second, following the worker's state when it changes (paused, reset, finished).
 */
import { DELAY_WAIT_SECONDS } from "@focus/core/schemas";
import { createChromeAdapter } from "../chromeAdapter";
import { readBlockedPageQuery } from "../rules";
import type { PopupState } from "../worker";
import { blockedView, countsAsAttempt, delayView, intentionLine, MOTIVATION, ruleLine, stoppedTodayLine, taskLine } from "./view";

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`blocked.html has no #${id}`);
  return found as T;
}

/** The elements of blocked.html the page fills in. */
function pageElements() {
  return {
    heading: element("heading"),
    rule: element("rule"),
    site: element("site"),
    countdown: element("countdown"),
    timeLeft: element("time-left"),
    timeCaption: element("time-caption"),
    motivation: element("motivation"),
    back: element<HTMLButtonElement>("back"),
    continue: element<HTMLAnchorElement>("continue"),
    delayLine: element("delay-line"),
    delayContinue: element<HTMLButtonElement>("delay-continue"),
    stopped: element("stopped"),
    task: element("task"),
    intention: element("intention"),
  };
}

/** Tells the worker this delay page is on screen; `onWait` gets the wait it still counts for it, ms. */
function noteShown(chrome: ReturnType<typeof createChromeAdapter>, key: string, onWait: (waitMs: number) => void): void {
  void chrome.runtime
    .sendMessage({ type: "delay_shown", key })
    .then((answer: unknown) => {
      const waitMs = (answer as { waitMs?: unknown } | null)?.waitMs;
      if (typeof waitMs === "number") onWait(waitMs);
    })
    .catch(() => undefined);
}

function main(): void {
  const chrome = createChromeAdapter();
  const query = readBlockedPageQuery(location.search);
  const ui = pageElements();
  let worker: PopupState | null = null;
  /** Why the server refused this page's pass (none left today, a strict session), once it has. */
  let refusal: string | null = null;
  /** When the delay's wait began for this page: now, until the worker says when it began counting. */
  let openedAt = Date.now();
  // A delay page (a key, an entry, the visited address) counts down, then offers a pass.
  const delayed = query.delay && query.key !== null && query.entry !== null && query.url !== null;

  ui.site.textContent = query.domain ?? "";
  ui.rule.textContent = ruleLine(query) ?? "";
  ui.motivation.textContent = MOTIVATION[Math.floor(Math.random() * MOTIVATION.length)] ?? MOTIVATION[0];
  if (query.domain) {
    ui.continue.href = `https://${query.domain}/`;
    ui.continue.textContent = `Continue to ${query.domain}`;
  }

  function render(): void {
    const view = blockedView(query, worker, Date.now() + (worker?.clockOffset ?? 0));
    ui.heading.textContent = delayed && view.phase === "blocking" ? "A short pause before this site" : view.heading;
    ui.countdown.hidden = view.phase !== "blocking";
    ui.timeLeft.textContent = view.timeLeft ?? "00:00";
    ui.timeCaption.textContent = view.caption;
    ui.continue.hidden = view.phase !== "over" || !query.domain;
    ui.stopped.textContent = stoppedTodayLine(worker?.shield ?? null) ?? "";
    ui.task.textContent = view.phase === "blocking" ? (taskLine(worker?.shield ?? null) ?? "") : "";
    ui.intention.textContent = view.phase === "blocking" ? (intentionLine(worker?.shield ?? null) ?? "") : "";
    if (delayed && view.phase === "blocking") {
      const delay = delayView(openedAt, Date.now(), worker?.shield ?? null);
      ui.delayLine.hidden = false;
      ui.delayLine.textContent = delay.line;
      ui.delayContinue.hidden = false;
      ui.delayContinue.disabled = !delay.canContinue || refusal !== null;
      if (refusal !== null) ui.delayLine.textContent = refusal;
      ui.delayContinue.textContent = delay.secondsLeft > 0 ? `Continue in ${delay.secondsLeft} s` : "Continue";
      ui.back.textContent = "Go back to focus";
    } else {
      ui.delayLine.hidden = true;
      ui.delayContinue.hidden = true;
    }
    const shown = view.countsUp ? `${view.timeLeft} so far` : `${view.timeLeft} left`;
    document.title = view.phase === "blocking" ? `Blocked: ${query.domain ?? "site"} · ${shown}` : "Focus session over · Focus Flow";
  }

  async function refresh(): Promise<void> {
    worker = ((await chrome.runtime.sendMessage({ type: "get_state" })) as PopupState | undefined) ?? null;
    render();
  }

  /**
   * Tells the worker what the user chose on a delay page; resolves with whether a pass was
   * granted, and the server's reason when the account may not take one (shown instead of the
   * delay's line from then on).
   */
  async function choose(choice: "pass" | "turned_back"): Promise<boolean> {
    if (!delayed || !query.domain || !query.key || !query.entry) return false;
    const message = { type: "delay_choice", choice, domain: query.domain, entry: query.entry, key: query.key, at: new Date().toISOString() };
    const answer = (await chrome.runtime.sendMessage(message)) as { granted?: boolean; message?: string } | undefined;
    if (typeof answer?.message === "string") refusal = answer.message;
    return answer?.granted === true;
  }

  ui.delayContinue.addEventListener("click", () => {
    ui.delayContinue.disabled = true;
    void choose("pass").then(async (granted) => {
      if (granted && query.url) location.replace(query.url);
      else await refresh();
    });
  });

  ui.back.addEventListener("click", () => {
    // A tab opened straight onto a blocked site has nothing to go back to: close it instead.
    const leave = () => (history.length > 1 ? history.back() : window.close());
    if (delayed) void choose("turned_back").finally(leave);
    else leave();
  });

  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (query.domain && query.key && countsAsAttempt(query, navigation?.type, window.top === window)) {
    void chrome.runtime.sendMessage({ type: "blocked_attempt", domain: query.domain, at: new Date().toISOString(), key: query.key });
  }
  // The delay's wait is counted by the worker from when it hears of the page (later than now on a
  // busy machine): the countdown follows the worker's, so Continue never comes early.
  if (delayed && query.key) {
    noteShown(chrome, query.key, (waitMs) => {
      openedAt = Math.max(openedAt, Date.now() + waitMs - DELAY_WAIT_SECONDS * 1000);
      render();
    });
  }
  render();
  chrome.storage.onChanged(() => void refresh());
  setInterval(render, 1000);
  void refresh();
}

main();
