/**
 * The strict-state part of the worker (`docs/product.md`, Strict focus): what a strict focus
 * session holds fast in the extension. Pure functions of the stored state and the server's time.
 */
import { scheduleEndOf } from "./blocking";
import type { StoredState } from "./storage";
import { isStrictRunning } from "./timer";

/** Whether the web app may unpair the extension at `now` (server clock, epoch ms): never during a strict focus session. */
export function mayUnpair(state: Pick<StoredState, "timer">, now: number): boolean {
  return !isStrictRunning(state.timer, now);
}

/**
 * Whether a delay page may grant a pass at `now` (server clock, epoch ms): never during a strict
 * focus session, when a delayed site is a wall like the others until the session ends.
 */
export function mayTakePass(state: Pick<StoredState, "timer">, now: number): boolean {
  return !isStrictRunning(state.timer, now);
}

/**
 * Whether the Shield holds fast at `now` (server clock, epoch ms): during a strict focus session
 * or a schedule's window the extension keeps blocking with what it has, whatever happens to its
 * pairing (`docs/product.md`, Strict focus): a sign-out everywhere or a password change that
 * revokes its token, or a pairing with another account, waits until the session or window ends.
 */
export function holdsFast(state: Pick<StoredState, "timer" | "blocklist">, now: number): boolean {
  return isStrictRunning(state.timer, now) || scheduleEndOf(state.blocklist, now) !== null;
}
