/**
 * The wake-ups part of the worker: the toolbar badge and the `chrome.alarms` that wake the
 * service worker (the session's end, the badge's next minute, the minute heartbeat while
 * paired). Chrome may stop the worker at any moment, so every timed step is an alarm, never a
 * timer. Alarms fire on this browser's clock: a time of the server's is moved by the offset.
 */
import type { ChromeAdapter } from "./chromeAdapter";
import type { ServerClock } from "./serverClock";
import type { StoredState } from "./storage";
import { badgeFor, discFor, endsAtOf, nextBadgeChangeAt } from "./timer";
import { linkStatusOf } from "./linkStatus";
import { nextPassEnd } from "./passes";
import { nextScheduleChange } from "@focus/core/schemas";

/** Alarm names. */
export const ALARMS = {
  /** At the end of the running session: blocking stops even if no message comes. */
  sessionEnd: "session-end",
  /** When the badge's minute count next drops. */
  badge: "badge",
  /** Every minute while paired: reconnect, re-check a paused device, refresh the blocklist. */
  heartbeat: "heartbeat",
  /** When the first open pass through a delay page ends: its site is blocked again. */
  passEnd: "pass-end",
  /** When a schedule window next starts or ends: blocking follows it without a timer. */
  schedule: "schedule",
} as const;

/**
 * Sets the badge, the toolbar icon's disc (it changes with the badge's minute wake-ups) and the
 * alarms for `state` on the server's `clock`.
 */
export async function applyWakeups(chrome: ChromeAdapter, state: StoredState, clock: Pick<ServerClock, "now" | "toLocal">): Promise<void> {
  const now = clock.now();
  const endWarning = state.blocklist?.endWarning ?? "off";
  await chrome.badge.set(badgeFor(linkStatusOf(state), state.timer, now, endWarning));
  await chrome.icon.show(discFor(state.timer, now, endWarning));

  const endsAt = state.pairing && !state.pairing.paused ? endsAtOf(state.timer, now) : null;
  if (endsAt !== null && endsAt > now) await chrome.alarms.create(ALARMS.sessionEnd, { when: clock.toLocal(endsAt) });
  else await chrome.alarms.clear(ALARMS.sessionEnd);
  const badgeAt = endsAt !== null ? nextBadgeChangeAt(state.timer, now) : null;
  if (badgeAt !== null) await chrome.alarms.create(ALARMS.badge, { when: clock.toLocal(badgeAt) });
  else await chrome.alarms.clear(ALARMS.badge);
  const passEnd = state.pairing && !state.pairing.paused ? nextPassEnd(state.passes, now) : null;
  if (passEnd !== null) await chrome.alarms.create(ALARMS.passEnd, { when: clock.toLocal(passEnd) });
  else await chrome.alarms.clear(ALARMS.passEnd);
  const scheduleAt = state.pairing && !state.pairing.paused ? nextScheduleChange(state.blocklist?.schedules ?? [], now, state.blocklist?.timeZone ?? undefined) : null;
  if (scheduleAt !== null) await chrome.alarms.create(ALARMS.schedule, { when: clock.toLocal(scheduleAt) });
  else await chrome.alarms.clear(ALARMS.schedule);
  if (!state.pairing) await chrome.alarms.clear(ALARMS.heartbeat);
  else if (!(await chrome.alarms.exists(ALARMS.heartbeat))) await chrome.alarms.create(ALARMS.heartbeat, { periodInMinutes: 1 });
}
