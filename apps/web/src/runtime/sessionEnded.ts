/**
 * A sign-in that ended somewhere else (`docs/product.md`, One browser, several people): a password
 * reset or change, or "Sign out everywhere" on another device, ends this browser's session on
 * the server. This module keeps only the signed-in user's id while they are signed in here (the
 * user as last loaded, for the first frame, is kept with the user's other values in
 * `userStorage.ts` and forgotten with them). When the server then says nobody is signed in, and nobody
 * signed out in this browser, the user's traces here are forgotten and the sign-in page says
 * why, instead of greeting them with "Create your account".
 */

const SIGNED_IN_KEY = "focus:signed-in-here";
const NOTICE_KEY = "focus:signed-out-notice";
/** How long the notice waits for the sign-in page, ms (a page open to visitors may come first). */
const NOTICE_TTL_MS = 10 * 60_000;

/** What the sign-in page says after a sign-in ended elsewhere. */
export const SIGNED_OUT_ELSEWHERE_MESSAGE =
  "You were signed out on this device: your password was changed, someone chose “Sign out everywhere”, or the sign-in ran out after a long time away. Sign in again to carry on.";

/** Notes that `userId` is signed in in this browser. */
export function rememberSignedIn(userId: number): void {
  try {
    window.localStorage.setItem(SIGNED_IN_KEY, String(userId));
  } catch {
    // Storage disabled: an ended session then reads as a visitor, as before.
  }
}

/** Whether someone was signed in in this browser when it last heard from the server. */
export function signedInHere(): boolean {
  return signedInUserId() !== null;
}

/** The id of the user signed in in this browser when it last heard from the server, else null. */
export function signedInUserId(): number | null {
  try {
    const id = Number(window.localStorage.getItem(SIGNED_IN_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Forgets it: the user signed out here, or deleted their account. */
export function forgetSignedIn(): void {
  try {
    window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The server says nobody is signed in. When someone was signed in here and did not sign out
 * here, returns their id (for the caller to forget their traces) and leaves the notice for the
 * sign-in page; else null.
 */
export function endedElsewhere(now = Date.now()): number | null {
  try {
    const id = signedInUserId();
    if (id === null) return null;
    window.localStorage.removeItem(SIGNED_IN_KEY);
    window.sessionStorage.setItem(NOTICE_KEY, String(now));
    return id;
  } catch {
    return null;
  }
}

/** Whether the sign-in page should say why (`clearSignedOutNotice` once it has). */
export function signedOutNotice(now = Date.now()): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(NOTICE_KEY));
    return at > 0 && now - at < NOTICE_TTL_MS;
  } catch {
    return false;
  }
}

/** The notice was shown: a later visit of the sign-in page is an ordinary one. */
export function clearSignedOutNotice(): void {
  try {
    window.sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // Nothing was kept.
  }
}
