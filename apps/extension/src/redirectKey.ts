/**
 * The redirect key: how the worker tells its own redirects from anything else that opens the
 * blocked page. The blocked page is a web-accessible resource (a redirect rule may only lead
 * there if it is), so a web page could frame it or open it with any query and have it report a
 * blocked attempt that never happened.
 *
 * Each time the worker installs the redirect rules it makes a new random key (128 bits), keeps
 * it in `chrome.storage.session` (never on disk, gone when the browser restarts) and writes it
 * into every rule's redirect, the only place a page learns it. An attempt counts only when the
 * page presents the current key, and each page load (Chrome's document id) counts once per
 * key. A key ends with its rules: replaced when they are rebuilt (each focus start, a new
 * blocklist or session end), removed when blocking stops.
 */
import { z } from "zod";
import type { ChromeAdapter } from "./chromeAdapter";
import { REDIRECT_KEY_PATTERN } from "./rules";

/** The `chrome.storage.session` key the redirect key is kept under. */
export const REDIRECT_KEY_STORAGE = "redirectKey";

/** How many pages that reported with the current key are remembered (the oldest go first). */
export const MAX_REPORTED_PAGES = 200;

const redirectKeySchema = z.object({
  key: z.string().regex(REDIRECT_KEY_PATTERN),
  /** Document ids of the blocked pages that already reported with this key. */
  reported: z.array(z.string()),
  /** When each delay page opened with this key came on screen (epoch ms, the worker's clock), by document id. */
  shown: z.record(z.string(), z.number()).default({}),
});
export type RedirectKey = z.infer<typeof redirectKeySchema>;

/** A fresh random key: 16 bytes from the platform's secure random source, as 32 hex digits. */
export function newRedirectKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The current key and the pages that used it, or null when there is none (or it does not parse). */
export async function readRedirectKey(chrome: ChromeAdapter): Promise<RedirectKey | null> {
  const raw = await chrome.session.get([REDIRECT_KEY_STORAGE]);
  const parsed = redirectKeySchema.safeParse(raw[REDIRECT_KEY_STORAGE]);
  return parsed.success ? parsed.data : null;
}

/** Makes and keeps a new key, replacing the old one (whose reports no longer count); returns it. */
export async function renewRedirectKey(chrome: ChromeAdapter): Promise<string> {
  const key = newRedirectKey();
  await chrome.session.set({ [REDIRECT_KEY_STORAGE]: { key, reported: [], shown: {} } satisfies RedirectKey });
  return key;
}

/** Forgets the key: blocking stopped, so no redirect can count any more. */
export async function clearRedirectKey(chrome: ChromeAdapter): Promise<void> {
  await chrome.session.remove([REDIRECT_KEY_STORAGE]);
}

/**
 * Uses the key for one page load: true when `key` is the current key and the page `documentId`
 * has not reported with it before (it is then remembered), false otherwise. Callers run one at
 * a time (the worker's queue), so two reports of one page cannot both pass.
 */
export async function claimRedirect(chrome: ChromeAdapter, key: string, documentId: string): Promise<boolean> {
  const current = await readRedirectKey(chrome);
  if (current === null || current.key !== key || documentId === "" || current.reported.includes(documentId)) return false;
  const reported = [...current.reported, documentId].slice(-MAX_REPORTED_PAGES);
  await chrome.session.set({ [REDIRECT_KEY_STORAGE]: { ...current, key, reported } satisfies RedirectKey });
  return true;
}

/**
 * Notes that the delay page `documentId`, opened with the current `key`, came on screen at `now`
 * (epoch ms); a page's first note stands. False when the key is not the current one.
 */
export async function noteDelayShown(chrome: ChromeAdapter, key: string, documentId: string, now: number): Promise<boolean> {
  const current = await readRedirectKey(chrome);
  if (current === null || current.key !== key || documentId === "") return false;
  if (current.shown[documentId] !== undefined) return true;
  const shown = Object.fromEntries([...Object.entries(current.shown), [documentId, now]].slice(-MAX_REPORTED_PAGES));
  await chrome.session.set({ [REDIRECT_KEY_STORAGE]: { ...current, shown } satisfies RedirectKey });
  return true;
}

/** When the delay page `documentId` came on screen with the current key (epoch ms), or null when it never said so. */
export async function delayShownAt(chrome: ChromeAdapter, key: string, documentId: string): Promise<number | null> {
  const current = await readRedirectKey(chrome);
  return current !== null && current.key === key ? (current.shown[documentId] ?? null) : null;
}
