/**
 * Popup entry (thin): asks the worker for its state, renders `popupView` every second and on
 * every storage change, and sends start/pause/reset to the worker.
 */
import { TIMER_MODE_LABELS } from "@focus/core/constants";
import { createChromeAdapter } from "../chromeAdapter";
import type { PopupState } from "../worker";
import { popupView } from "./view";

const RING_RADIUS = 45;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

function element<T extends Element = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html has no #${id}`);
  return found as unknown as T;
}

function main(): void {
  const chrome = createChromeAdapter();
  const ui = {
    status: element("link-status"),
    timer: element("timer"),
    mode: element("mode"),
    display: element("display"),
    ring: element<SVGCircleElement>("ring-progress"),
    controls: element("controls"),
    primary: element<HTMLButtonElement>("primary"),
    reset: element<HTMLButtonElement>("reset"),
    notice: element("notice"),
    noticeTitle: element("notice-title"),
    noticeBody: element("notice-body"),
    hint: element("hint"),
    open: element<HTMLAnchorElement>("open-app"),
    version: element("version"),
  };
  ui.ring.style.strokeDasharray = String(RING_LENGTH);
  let state: PopupState | null = null;
  let primaryAction: "start" | "pause" = "start";

  function render(): void {
    if (!state) return;
    const view = popupView(state, Date.now() + state.clockOffset);
    ui.status.textContent = view.linkLabel;
    ui.status.dataset.link = view.link;
    ui.timer.hidden = view.timer === null;
    ui.controls.hidden = view.link === "unlinked" || view.link === "paused" || view.strict || view.inRound;
    if (view.timer) {
      ui.mode.textContent = `${TIMER_MODE_LABELS[view.timer.mode]}${view.timer.isPaused ? " · Paused" : ""}`;
      ui.display.textContent = view.timer.display;
      ui.timer.dataset.mode = view.timer.mode;
      ui.ring.style.strokeDashoffset = String(RING_LENGTH * (1 - view.timer.progress / 100));
      document.title = `${view.timer.display} · Focus Flow`;
    }
    ui.primary.textContent = view.primary.label;
    primaryAction = view.primary.action;
    ui.primary.disabled = ui.reset.disabled = !view.controlsEnabled;
    ui.notice.hidden = view.notice === null;
    ui.noticeTitle.textContent = view.notice?.title ?? "";
    ui.noticeBody.textContent = view.notice?.body ?? "";
    ui.open.href = `${view.appUrl}/app`;
    ui.version.textContent = `v${state.version}`;
  }

  async function refresh(): Promise<void> {
    state = (await chrome.runtime.sendMessage({ type: "get_state" })) as PopupState;
    render();
  }

  async function send(action: "start" | "pause" | "reset"): Promise<void> {
    const answer = (await chrome.runtime.sendMessage({ type: "command", action })) as { sent: boolean } | undefined;
    ui.hint.textContent = answer?.sent
      ? "Sent to Focus Flow. The timer runs in its tab."
      : "Not connected to Focus Flow right now. Try again in a moment.";
  }

  ui.primary.addEventListener("click", () => void send(primaryAction));
  ui.reset.addEventListener("click", () => void send("reset"));
  ui.open.addEventListener("click", (event) => {
    event.preventDefault();
    void chrome.tabs.create(ui.open.href).then(() => window.close());
  });
  chrome.storage.onChanged(() => void refresh());
  setInterval(render, 1000);
  void refresh();
}

main();
