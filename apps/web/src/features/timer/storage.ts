/**
 * Browser storage of the timer (local storage keys): `timer-state`, and the daily counters under
 * `completed-sessions`, `total-focus-time`, `total-sessions`, `last-session-date`. Reads never
 * throw: bad or missing data gives null / defaults.
 */
import {
  STORAGE_KEYS,
  localDayKey,
  parsePersistedTimerState,
  type PersistedTimerState,
  type TimerCounters,
  type TimerRestore,
} from "@focus/core";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the timer still runs, it just won't restore.
  }
}

/** The saved timer state, or null when absent or malformed. */
export function loadTimerState(): TimerRestore | null {
  const raw = read(STORAGE_KEYS.timerState);
  if (!raw) return null;
  try {
    return parsePersistedTimerState(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveTimerState(state: PersistedTimerState): void {
  write(STORAGE_KEYS.timerState, JSON.stringify(state));
}

/** Counters saved under their own keys; today's are zero when the saved date is not today. */
export function loadCounters(now: number): TimerCounters {
  const int = (key: string) => {
    const n = Number.parseInt(read(key) ?? "", 10);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  };
  const today = localDayKey(now);
  const sameDay = read(STORAGE_KEYS.lastSessionDate) === today;
  return {
    dayKey: today,
    completedSessionsToday: sameDay ? int(STORAGE_KEYS.completedSessions) : 0,
    totalFocusTimeToday: sameDay ? int(STORAGE_KEYS.totalFocusTime) : 0,
    totalSessions: int(STORAGE_KEYS.totalSessions),
  };
}

export function saveCounters(counters: TimerCounters): void {
  write(STORAGE_KEYS.lastSessionDate, counters.dayKey);
  write(STORAGE_KEYS.completedSessions, String(counters.completedSessionsToday));
  write(STORAGE_KEYS.totalFocusTime, String(counters.totalFocusTimeToday));
  write(STORAGE_KEYS.totalSessions, String(counters.totalSessions));
}
