/**
 * The guest-mode flag of this browser (`docs/product.md`: a guest lives in the browser only). No
 * other import, so the landing page can offer "Try it without an account" without loading the
 * app's code; lib/guest.ts has the guest user itself.
 */

/** The localStorage key of the guest flag. */
export const GUEST_MODE_KEY = "guest-mode";

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
