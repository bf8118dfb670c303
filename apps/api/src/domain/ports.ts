/**
 * The ports of the domain (`docs/architecture.md`, the API's floors): what domain functions ask
 * of the adapters (live, push, mail, audio) without importing them. Each is a small interface
 * defined here, implemented by an adapter and handed to the domain function by its caller (a
 * route passes a Fastify decorator: `fastify.liveHub`, `fastify.accountTimers`) or by the plugin
 * that builds the domain object (`plugins/live.ts` gives the Website Shield's watch the hub).
 */
import type { LiveMessage } from "@focus/core/protocol";
import type { TimerRun } from "./accountTimer";

/**
 * Tells a user's open pages and devices that something changed (`sessions_changed`,
 * `settings_changed`, `shield_changed`, ...). Implemented by the live hub (`live/hub.ts`), which
 * reaches the user's connections on every API instance.
 */
export interface UserNotifier {
  /** Sends `message` to every live connection of `userId`. Never throws; a user with none hears nothing. */
  notifyUser(userId: number, message: LiveMessage): void;
}

/**
 * Ends the live connections whose credentials ended, on every API instance. Implemented by the
 * live hub (`live/hub.ts`), which closes them with the code for ended credentials (4401).
 */
export interface LoginConnections {
  /** Closes every connection opened with the login session `sessionKey` (its `hashSessionId`), telling the client `reason`. */
  endLoginSession(sessionKey: string, reason: string): void;
  /** Closes every connection of the linked device `deviceId`, telling the client `reason`. */
  endDevice(deviceId: number, reason: string): void;
}

/** What a piece of timer work gives back to `TimerQueue.runInOrder`. */
export interface TimerWorkDone<T> {
  /** What the caller gets. */
  result: T;
  /** The run of the user's timer that the work committed, or null when it ran none (the user is gone). */
  run: TimerRun | null;
}

/**
 * The order of a user's timer work on this instance: implemented by the account timers
 * (`live/accountTimers.ts`), whose per-user queue also runs the devices' timer commands, so a
 * user's devices never hear an older version of the timer after a newer one.
 */
export interface TimerQueue {
  /**
   * Runs `work` after the user's earlier timer work and before their later work. Once `work` has
   * resolved (its transaction committed), its run is handed on as any run of the timer: every
   * device of the user hears a changed timer (`account_timer`), and the timer is settled again
   * when it next changes by itself.
   * @returns `work`'s `result`.
   * @throws what `work` threw (nothing is told then); the user's later work still runs.
   */
  runInOrder<T>(userId: number, work: () => Promise<TimerWorkDone<T>>): Promise<T>;
}
