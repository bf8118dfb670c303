import { FLOWTIME_MAX_MS, STORAGE_KEYS } from "@focus/core/constants";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { newAccountTimer, type AccountTimer, type PersistedTimerState } from "@focus/core/timer";
import { userKey } from "@/runtime/userStorage";
import { TEST_USER } from "./render";

/**
 * Timer states saved in localStorage, as the web app saves them, for tests to open the app with:
 * a guest's (`ownerId` 0) as the timer state of this browser, a signed-in user's as that
 * device's copy of the account's timer (`runtime/accountTimerSync.ts`).
 */

/** Keeps `state` as `ownerId`'s saved timer, the way the app keeps it for them (a guest's in this browser). */
function keep(state: PersistedTimerState, ownerId: number, asGuest = ownerId === 0): void {
  if (asGuest) {
    window.localStorage.setItem(STORAGE_KEYS.timerState, JSON.stringify(state));
    window.localStorage.setItem("timer-owner", String(ownerId));
    return;
  }
  const timer: AccountTimer = {
    ...newAccountTimer(DEFAULT_SETTINGS, "0123456789abcdef0123", state.timestamp),
    status: "running",
    mode: state.mode,
    durationMs: state.durationMs,
    remainingMs: state.remainingMs,
    endsAt: state.endsAt,
    sessionStartTime: state.sessionStartTime,
    flow: state.flow === true,
    version: 1,
    commandVersion: 1,
  };
  window.localStorage.setItem(userKey(ownerId, "account-timer"), JSON.stringify(timer));
}

/**
 * A focus session saved as running, ending `inMs` from now (negative: it ended that long ago,
 * while the app was closed): it completes soon after the page opens. `savedAgoMs`: when the
 * page last saved it; `ownerId` whose timer it is (a timer is restored only for its owner), kept
 * in this browser when `asGuest`.
 */
export function saveRunningFocus(inMs: number, savedAgoMs = 0, ownerId = TEST_USER.id, asGuest = ownerId === 0) {
  const now = Date.now() - savedAgoMs;
  inMs += savedAgoMs;
  const durationMs = DEFAULT_SETTINGS.focusDuration * 60_000;
  const state: PersistedTimerState = {
    isActive: true,
    mode: "focus",
    currentTime: Math.ceil(inMs / 1000),
    progress: ((durationMs - inMs) / durationMs) * 100,
    totalSessions: 0,
    sessionStartTime: now + inMs - durationMs,
    timestamp: now,
    elapsedTime: Math.floor((durationMs - inMs) / 1000),
    totalSessionTime: durationMs / 1000,
    endsAt: now + inMs,
    remainingMs: inMs,
    durationMs,
  };
  keep(state, ownerId, asGuest);
}

/** Saves a running Flowtime focus session that started `soFarMs` ago (`docs/product.md`, The timer), as the app would. */
export function saveRunningFlow(soFarMs: number, ownerId = TEST_USER.id) {
  const now = Date.now();
  const durationMs = FLOWTIME_MAX_MS;
  const remainingMs = durationMs - soFarMs;
  const state: PersistedTimerState = {
    isActive: true,
    mode: "focus",
    currentTime: Math.ceil(remainingMs / 1000),
    progress: 0,
    totalSessions: 0,
    sessionStartTime: now - soFarMs,
    timestamp: now,
    elapsedTime: Math.floor(soFarMs / 1000),
    totalSessionTime: durationMs / 1000,
    endsAt: now + remainingMs,
    remainingMs,
    durationMs,
    flow: true,
  };
  keep(state, ownerId);
}
