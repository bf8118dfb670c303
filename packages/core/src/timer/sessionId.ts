/**
 * Session ids of a timer (`docs/product.md`, One timer per account): every session a timer runs
 * gets an id that every device and the server compute alike, from the timer's random `seed` and
 * the instant the session first started, so a session is recorded once per account whichever
 * devices saw it end (the id is the session's idempotency key, `clientId`). An automatic start
 * (a break after a focus session) gets the same id on every device without anyone sending it.
 */

/** A timer's seed: 20 lowercase hex digits (80 random bits). */
export const TIMER_SEED_PATTERN = /^[0-9a-f]{20}$/;

/** A new random seed, from the platform's Web Crypto (browsers, Node, extension workers). */
export function newTimerSeed(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The id of the session of the timer with `seed` that first started at `startedAt` (epoch ms):
 * a UUID of version 8 (RFC 9562's custom layout) holding the start in its first 48 bits and the
 * seed in the rest, so two sessions of one timer never share an id and two timers' ids never
 * meet.
 */
export function sessionIdOf(seed: string, startedAt: number): string {
  const time = Math.max(0, Math.floor(startedAt)).toString(16).padStart(12, "0").slice(-12);
  const variant = "89ab"[Number.parseInt(seed[18] ?? "0", 16) & 3];
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-8${seed.slice(0, 3)}-${variant}${seed.slice(3, 6)}-${seed.slice(6, 18)}`;
}
