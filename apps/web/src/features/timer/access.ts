import { STORAGE_KEYS } from "@focus/core/constants";
import { type User } from "@focus/core/schemas";
import { type TimerAccess } from "@focus/core/timer";

/** The local day (`YYYY-MM-DD`) on which the guest used their focus session (`guest-session-used`). */
export function loadGuestSessionUsedOn(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.guestSessionUsed);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveGuestSessionUsedOn(dayKey: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.guestSessionUsed, dayKey);
  } catch {
    // Private mode: the limit then holds only for this page's life.
  }
}

/**
 * The timer chart's access input for a user with `focusSessionsToday` completed today (on every
 * device: the server's and the outbox's, by core's `todayProgress`). The plan is passed as it is,
 * not judged here: the chart applies the plan's rules at each start, so a trial that ends while
 * the page is open brings the Free plan's daily limit from that moment on (`docs/product.md`).
 */
export function timerAccessFor(user: User, focusSessionsToday = 0): TimerAccess {
  return {
    isGuest: user.isGuest,
    subscription: {
      subscriptionPlan: user.subscriptionPlan,
      subscriptionStatus: user.subscriptionStatus,
      trialEndDate: user.trialEndDate,
    },
    guestSessionUsedOn: user.isGuest ? loadGuestSessionUsedOn() : null,
    focusSessionsToday,
  };
}
