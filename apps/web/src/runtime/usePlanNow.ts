import type { User } from "@focus/core/schemas";
import { useMemo } from "react";
import { serverNow, useServerNow } from "@/runtime/serverClock";

/** How often a plan is judged again against the clock, ms (a trial may run out while the app is open). */
export const PLAN_CLOCK_MS = 60_000;

/**
 * The server's clock (epoch ms) at which to judge `user`'s plan (`docs/product.md`, People and
 * plans: days left are counted on the server's clock). It ticks every minute, and is read again
 * whenever a new user arrives, so a trial the admin has just ended is judged ended at once rather
 * than at the next tick.
 */
export function usePlanNow(user: User | null): number {
  const ticking = useServerNow(PLAN_CLOCK_MS);
  const atArrival = useMemo(() => (user ? serverNow() : 0), [user]);
  return Math.max(ticking, atArrival);
}
