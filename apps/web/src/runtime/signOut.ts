import { STORAGE_KEYS } from "@focus/core/constants";
import { clearApiCache } from "@/lib/apiCache";
import { outboxSync } from "./outbox/sync";
import { clearUserStorage } from "./userStorage";

/**
 * One browser, several people (`docs/product.md`, One browser, several people): what signing out
 * does in this browser. Before the server ends the session, the outbox sends what waits (the
 * user's sessions and changes reach the account, not the next person). After it, every trace of
 * the user goes: the timer's saved state and counters, the settings copy, every per-user value
 * (the active task, the account timer's queue), the user's outbox entries and the service
 * worker's copies of their API answers. (The server clock's offset stays: it is the device's.)
 */

/** Sends the outbox while the session still stands; never throws (signing out goes on). */
export async function sendBeforeSignOut(): Promise<void> {
  await outboxSync.flush().catch(() => undefined);
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

/** Forgets the signed-out user (`userId`) in this browser. */
export async function forgetAccountInBrowser(userId: number): Promise<void> {
  try {
    for (const key of ACCOUNT_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
  clearUserStorage();
  await outboxSync.clearUser(userId).catch(() => undefined);
  await clearApiCache();
}
