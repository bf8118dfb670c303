import { PREVIEW_USER_ID } from "@focus/core/constants";
import { type User } from "@focus/core/schemas";

/**
 * Guest mode (`docs/product.md`: a guest session lives in the browser only). Continuing as a guest
 * sets a flag in localStorage; while it is set and the server has no session, `useUser` answers the
 * guest user below. Nothing of a guest reaches the server. Signing in or registering clears the
 * flag. (`guest-session-used` is a different key: the guest's one-focus-session-a-day limit, kept
 * by the timer.)
 */

export { GUEST_MODE_KEY, isGuestMode, setGuestMode } from "./guestMode";

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
