import { STORAGE_KEYS } from "@focus/core/constants";
import { clearApiCache } from "@/lib/apiCache";
import { clearUserStorage } from "./userStorage";

/**
 * One browser, several people (`docs/product.md`, One browser, several people): what signing out
 * does in this browser. Before the server ends the session, the outbox sends what waits (the
 * user's sessions and changes reach the account, not the next person). After it, every trace of
 * the user goes: the timer's saved state and counters, the settings copy, every per-user value
 * (the active task, the account timer's queue), the user's outbox entries, the service
 * worker's copies of their API answers and the browser's push subscription (the server dropped
 * it with the login session; a next person here starts with the notice off). (The server
 * clock's offset stays: it is the device's.)
 */

/** Sends the outbox while the session still stands; never throws (signing out goes on). */
export async function sendBeforeSignOut(): Promise<void> {
  await loadOutbox()
    .then((outbox) => outbox.flush())
    .catch(() => undefined);
}

/**
 * The outbox (IndexedDB and its sync), loaded when signing out needs it: the sign-in page holds
 * the sign-out code but never runs it, and a phone's first visit should not fetch the outbox.
 */
async function loadOutbox() {
  return (await import("./outbox/sync")).outboxSync;
}

/** The browser keys of the timer and the settings, which belong to whoever was signed in. */
const ACCOUNT_KEYS = [
  STORAGE_KEYS.timerState,
  STORAGE_KEYS.completedSessions,
  STORAGE_KEYS.totalFocusTime,
  STORAGE_KEYS.totalSessions,
  STORAGE_KEYS.lastSessionDate,
  STORAGE_KEYS.settings,
];

/**
 * Forgets the signed-out user (`userId`) in this browser. With `keepWaitingWrites` (a sign-in
 * that ended elsewhere, so nothing could be sent first) the user's own outbox entries stay: they
 * are the user's alone, shown to nobody, and go out when that user signs in here again.
 */
export async function forgetAccountInBrowser(userId: number, { keepWaitingWrites = false } = {}): Promise<void> {
  try {
    for (const key of ACCOUNT_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
  clearUserStorage();
  if (!keepWaitingWrites) {
    await loadOutbox()
      .then((outbox) => outbox.clearUser(userId))
      .catch(() => undefined);
  }
  await clearApiCache();
  await dropPushSubscription().catch(() => undefined);
}

/** Ends this browser's push subscription, if it has one (no service worker: nothing to do). */
async function dropPushSubscription(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
