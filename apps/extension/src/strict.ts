/**
 * The strict-state part of the worker (`docs/product.md`, Strict focus): what a strict focus
 * session holds fast in the extension. Pure functions of the stored state and the server's time.
 */
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
