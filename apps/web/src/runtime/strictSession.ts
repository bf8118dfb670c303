import { createContext, useContext } from "react";

/**
 * Whether a strict focus session runs now (`docs/product.md`, Strict focus), provided by the
 * timer's host from the timer actor (false outside it): screens then offer no removal or
 * switch-off of a blocked site and no unlink or switch-off of a linked device. The server
 * refuses the same.
 */
export const StrictSessionContext = createContext(false);

/** Whether a strict focus session runs now (`StrictSessionContext`). */
export function useStrictSession(): boolean {
  return useContext(StrictSessionContext);
}
