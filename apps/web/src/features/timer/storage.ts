/**
 * Browser storage of the timer (local storage keys): `timer-state`, and the daily counters under
 * `completed-sessions`, `total-focus-time`, `total-sessions`, `last-session-date`, with whose
 * they are (`timer-owner`: the user's id, 0 for a guest): a timer is only ever restored for the
 * person who saved it, so a guest on a shared browser never starts with someone's session or
 * counts. Reads never throw: bad or missing data gives null / defaults.
 */
import { STORAGE_KEYS } from "@focus/core/constants";
import { localDayKey } from "@focus/core/format";
import { parsePersistedTimerState, type PersistedTimerState, type TimerCounters, type TimerRestore } from "@focus/core/timer";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const OWNER_KEY = "timer-owner";

/** Whether the saved timer belongs to `ownerId` (the user's id, 0 for a guest). */
function ownedBy(ownerId: number): boolean {
  return read(OWNER_KEY) === String(ownerId);
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the timer still runs, it just won't restore.
  }
}

/** The timer state `ownerId` saved, or null when absent, someone else's or malformed. */
export function loadTimerState(ownerId: number): TimerRestore | null {
  if (!ownedBy(ownerId)) return null;
  const raw = read(STORAGE_KEYS.timerState);
  if (!raw) return null;
  try {
    return parsePersistedTimerState(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Saves the timer state of `ownerId`. */
export function saveTimerState(ownerId: number, state: PersistedTimerState): void {
  write(OWNER_KEY, String(ownerId));
  write(STORAGE_KEYS.timerState, JSON.stringify(state));
}

/** Counters `ownerId` saved under their own keys; today's are zero when the saved date is not today, all are zero for someone else's. */
export function loadCounters(now: number, ownerId: number): TimerCounters {
  const int = (key: string) => {
    const n = Number.parseInt(read(key) ?? "", 10);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  };
  const today = localDayKey(now);
  if (!ownedBy(ownerId)) return { dayKey: today, completedSessionsToday: 0, totalFocusTimeToday: 0, totalSessions: 0 };
  const sameDay = read(STORAGE_KEYS.lastSessionDate) === today;
  return {
    dayKey: today,
    completedSessionsToday: sameDay ? int(STORAGE_KEYS.completedSessions) : 0,
    totalFocusTimeToday: sameDay ? int(STORAGE_KEYS.totalFocusTime) : 0,
    totalSessions: int(STORAGE_KEYS.totalSessions),
  };
}

/** Saves the counters of `ownerId`. */
export function saveCounters(ownerId: number, counters: TimerCounters): void {
  write(OWNER_KEY, String(ownerId));
  write(STORAGE_KEYS.lastSessionDate, counters.dayKey);
  write(STORAGE_KEYS.completedSessions, String(counters.completedSessionsToday));
  write(STORAGE_KEYS.totalFocusTime, String(counters.totalFocusTimeToday));
  write(STORAGE_KEYS.totalSessions, String(counters.totalSessions));
}
