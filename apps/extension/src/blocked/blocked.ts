/**
 * Blocked page entry (thin): reads the site and the session end from the query, counts the
 * attempt (through the worker, which holds the token, and only when the extension's redirect
 * opened this page as a tab's top-level page: view.ts `countsAsAttempt`), and counts down every
 * second, following the worker's state when it changes (paused, reset, finished).
 */
import { createChromeAdapter } from "../chromeAdapter";
import { readBlockedPageQuery } from "../rules";
import type { PopupState } from "../worker";
import { blockedView, countsAsAttempt, MOTIVATION } from "./view";

function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`blocked.html has no #${id}`);
  return found as T;
}

function main(): void {
  const chrome = createChromeAdapter();
  const query = readBlockedPageQuery(location.search);
  const ui = {
    heading: element("heading"),
    site: element("site"),
    countdown: element("countdown"),
    timeLeft: element("time-left"),
    motivation: element("motivation"),
    back: element<HTMLButtonElement>("back"),
    continue: element<HTMLAnchorElement>("continue"),
  };
  let worker: PopupState | null = null;

  ui.site.textContent = query.domain ?? "";
  ui.motivation.textContent = MOTIVATION[Math.floor(Math.random() * MOTIVATION.length)] ?? MOTIVATION[0];
  if (query.domain) {
    ui.continue.href = `https://${query.domain}/`;
    ui.continue.textContent = `Continue to ${query.domain}`;
  }

  function render(): void {
    const view = blockedView(query, worker, Date.now() + (worker?.clockOffset ?? 0));
    ui.heading.textContent = view.heading;
    ui.countdown.hidden = view.phase !== "blocking";
    ui.timeLeft.textContent = view.timeLeft ?? "00:00";
    ui.continue.hidden = view.phase !== "over" || !query.domain;
    document.title = view.phase === "blocking" ? `Blocked: ${query.domain ?? "site"} · ${view.timeLeft} left` : "Focus session over · Focus Flow";
  }

  async function refresh(): Promise<void> {
    worker = ((await chrome.runtime.sendMessage({ type: "get_state" })) as PopupState | undefined) ?? null;
    render();
  }

  ui.back.addEventListener("click", () => {
    // A tab opened straight onto a blocked site has nothing to go back to: close it instead.
    if (history.length > 1) history.back();
    else window.close();
  });

  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (query.domain && query.key && countsAsAttempt(query, navigation?.type, window.top === window)) {
    void chrome.runtime.sendMessage({ type: "blocked_attempt", domain: query.domain, at: new Date().toISOString(), key: query.key });
  }
  render();
  chrome.storage.onChanged(() => void refresh());
  setInterval(render, 1000);
  void refresh();
}

main();
