import { STORAGE_KEYS, canUseTimer, type TimerAccess, type User } from "@focus/core";

/** The local day (`YYYY-MM-DD`) on which the guest used their focus session (spec §3 `guest-session-used`). */
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

/** The timer chart's access input for a user (spec §5, §6; rules in core). */
export function timerAccessFor(user: User, now: number): TimerAccess {
  return {
    isGuest: user.isGuest,
    canUseTimer: canUseTimer(user, now),
    guestSessionUsedOn: user.isGuest ? loadGuestSessionUsedOn() : null,
  };
}
