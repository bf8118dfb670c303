import { settingsSchema, type SessionReflection, type Settings, type SettingsUpdate, type User } from "@focus/core/schemas";
import { type TaskChange } from "@focus/core/tasks";
import { type TimedTimerCommand } from "@focus/core/timer";
import { API_CACHE } from "@/lib/apiCache";
import { indexedDbOutbox, memoryOutbox } from "./outbox";
import { OutboxSync, type Outcome } from "./outboxSync";

/** One drain at a time across this browser's tabs, when the browser has Web Locks. */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return task();
  const box: { result?: T } = {};
  await locks.request("focus-flow-outbox", async () => {
    box.result = await task();
  });
  return box.result as T;
}

/** The app's outbox: IndexedDB where the browser has it, else memory (the web tests' DOM, odd browsers). */
export const outboxSync = new OutboxSync({
  store: typeof indexedDB === "undefined" ? memoryOutbox() : indexedDbOutbox(),
  fallbackStore: memoryOutbox,
  lock: acrossTabs,
});

/**
 * Sends a command to the account's timer through the outbox (`docs/offline.md`, A timer used
 * offline): in order with the user's other writes, now or once the server can be reached, as one
 * batch with the commands waiting beside it. `base` is the version of the account's timer this
 * device had seen when the user gave it, `timeZone` the device's (the Free plan's "today").
 */
export function submitTimerCommand(userId: number, command: TimedTimerCommand, base: number, timeZone: string): Promise<Outcome> {
  return outboxSync.submit(userId, { kind: "timer", command, base, timeZone });
}

/**
 * Saves the answer of "How did it go?" (`docs/offline.md`, Reflections) for the user's session
 * with the idempotency key `clientId`, through the outbox: after the session's own post, so the
 * server has the session when the answer arrives, now or later.
 */
export function submitReflection(userId: number, clientId: string, body: SessionReflection): Promise<Outcome> {
  return outboxSync.submit(userId, { kind: "reflection", clientId, body });
}

/**
 * Sends a change to the user's task list (`docs/offline.md`) through the outbox: the list shows
 * it at once (the waiting changes are applied over the server's list), the server gets it now or
 * later, in order with the sessions that count for the task.
 */
export function submitTaskChange(userId: number, change: TaskChange): Promise<Outcome> {
  return outboxSync.submit(userId, { kind: "task", change });
}

/** What became of a settings save: stored by the server, or waiting in the outbox for it. */
export type SettingsSaveResult = { status: "saved" | "queued"; settings: Settings };

/**
 * Saves the settings that changed (`changes`, merged by the server over the stored ones) through
 * the outbox. Resolves with the server's whole settings when it answered, or, when it cannot be
 * reached, with `settings` (the app's settings with the changes), kept in the offline copy of
 * `GET /api/settings` while the changes wait in the outbox (waiting saves merge into one).
 * Throws the server's refusal (an ApiError, e.g. 400 for a bad value).
 */
export async function saveSettings(userId: number, changes: SettingsUpdate, settings: Settings): Promise<SettingsSaveResult> {
  const outcome = await outboxSync.submit(userId, { kind: "settings", body: changes });
  if (outcome.status === "refused") throw outcome.error;
  if (outcome.status === "sent") {
    const saved = settingsSchema.safeParse(outcome.response);
    return { status: "saved", settings: saved.success ? saved.data : settings };
  }
  await rememberOfflineSettings(settings);
  return { status: "queued", settings };
}

/** Puts a JSON answer into the service worker's cache of API answers, as if it came from `path`. */
async function putApiAnswer(path: string, body: unknown): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const cache = await caches.open(API_CACHE);
    await cache.put(path, new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } }));
  } catch {
    // Only a convenience for an offline start; nothing is lost without it.
  }
}

/**
 * Keeps the logged-in user where an offline start reads it (`GET /api/me` in the service
 * worker's cache). Login and registration write the user into the app without that call, so
 * without this an offline start right after them would find no user and show /auth.
 */
export function rememberUserForOffline(user: User): Promise<void> {
  return putApiAnswer("/api/me", { user });
}

/**
 * Puts settings saved offline where an offline reload reads them: the service worker's copy
 * of `GET /api/settings`. The server's answer replaces it once the save is sent.
 */
function rememberOfflineSettings(settings: Settings): Promise<void> {
  return putApiAnswer("/api/settings", settings);
}
