/**
 * "Start Focusing Now" from the landing page (`docs/product.md`, The landing page): one tap starts
 * a focus session. The landing page leaves a note for the Focus Arena, which starts the session
 * when it opens and drops the note, so a later visit of /app starts nothing by itself. The note
 * lives in sessionStorage (this tab only) and counts for a minute.
 */
const KEY = "focus:start-on-arrival";
const TTL_MS = 60_000;

/** Asks the Focus Arena about to open in this tab to start a focus session. */
export function requestStartOnArrival(now = Date.now()): void {
  try {
    window.sessionStorage.setItem(KEY, String(now));
  } catch {
    // Storage disabled: the timer opens ready to start instead.
  }
}

/** Whether a start was asked for in the last minute; the note is dropped either way. */
export function takeStartOnArrival(now = Date.now()): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(KEY));
    window.sessionStorage.removeItem(KEY);
    return at > 0 && now - at < TTL_MS;
  } catch {
    return false;
  }
}
