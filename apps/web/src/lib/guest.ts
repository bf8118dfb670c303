import { PREVIEW_USER_ID, type User } from "@focus/core";

/**
 * Guest mode (`docs/product.md`: a guest session lives in the browser only). Continuing as a guest
 * sets a flag in localStorage; while it is set and the server has no session, `useUser` answers the
 * guest user below. Nothing of a guest reaches the server. Signing in or registering clears the
 * flag. (`guest-session-used` is a different key: the guest's one-focus-session-a-day limit, kept
 * by the timer.)
 */

/** The localStorage key of the guest flag. */
export const GUEST_MODE_KEY = "guest-mode";

/** The guest: id 0 (the preview user), free plan, never an admin. */
export const GUEST_USER: User = {
  id: PREVIEW_USER_ID,
  username: "Guest",
  email: null,
  isGuest: true,
  isAdmin: false,
  subscriptionPlan: "free",
  subscriptionStatus: "free",
  trialEndDate: null,
};

/** Whether this browser is in guest mode. */
export function isGuestMode(): boolean {
  try {
    return window.localStorage.getItem(GUEST_MODE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Turns guest mode on or off for this browser. */
export function setGuestMode(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(GUEST_MODE_KEY, "1");
    else window.localStorage.removeItem(GUEST_MODE_KEY);
  } catch {
    // Storage may be unavailable (private mode): guest mode then lasts until the page reloads.
  }
}
