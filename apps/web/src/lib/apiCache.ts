/**
 * The service worker keeps the last answers of the user, settings and sessions GETs in this
 * Cache Storage cache for offline use (apps/web/pwa.config.ts `focus-api`).
 */
export const API_CACHE = "focus-api";

/** Forgets the kept answers, so nothing of an account outlives its logout or deletion. */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(API_CACHE).catch(() => false);
}
