import { z } from "zod";
import { BLOCKED_SITE_MESSAGES, isValidDomain } from "./domain";

/**
 * Entries of the Website Shield list (`docs/product.md`, Website Shield and linked devices):
 * a site (`youtube.com`: the domain and its subdomains), a path of a site (`youtube.com/shorts`:
 * that path and below, on the domain and its subdomains) or an exception that is allowed even
 * when a broader entry blocks it (`+youtube.com/watch`, `+docs.google.com`). The entry is stored
 * as typed, normalised by `normalizeSiteEntry`; every app reads it back with `parseSiteEntry`.
 */

/** What an entry does: a whole site, a path of a site, or an exception (allowed). */
type SiteEntryKind = "site" | "path" | "exception";

/** A parsed entry. `path` starts with "/" and has no trailing "/"; null for a whole site. */
export interface SiteEntry {
  kind: SiteEntryKind;
  /** true for an exception (`+…`): allowed, over any entry that blocks it. */
  allow: boolean;
  host: string;
  path: string | null;
}

/** Longest path of an entry, in characters. */
const SITE_PATH_MAX_LENGTH = 200;

/** Validation messages for entries beyond the add-website form's two (`BLOCKED_SITE_MESSAGES`). */
export const SITE_ENTRY_MESSAGES = {
  scheme: "Only web addresses can be listed: type the site, e.g. youtube.com or youtube.com/shorts",
  query: "Leave out the part from “?”: an entry blocks a site or a path, e.g. youtube.com/shorts",
  fragment: "Leave out the part from “#”: an entry blocks a site or a path, e.g. youtube.com/shorts",
  path: "A path may only hold letters, digits and - . _ ~ / % characters, e.g. youtube.com/shorts",
  pathTooLong: `A path may be at most ${SITE_PATH_MAX_LENGTH} characters`,
} as const;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** The schemes of a pasted web address, dropped: the entry is the rest. */
const WEB_SCHEME = /^https?:\/\//i;
/** Characters a path may hold: unreserved, "/", "%" escapes and the sub-delimiters Chrome leaves alone. */
const PATH_PATTERN = /^(?:\/[A-Za-z0-9\-._~%!$&'()+,;=:@]*)+$/;

type Normalized = { ok: true; value: string } | { ok: false; message: string };

/**
 * Normalises what the user typed into an entry (the stored form), or says what is wrong:
 * trims spaces, keeps a leading "+" (an exception), drops a leading `http://` or `https://` (a
 * pasted address), lower-cases the host, drops a port, a trailing dot and one leading `www.` (as
 * for sites), and a trailing "/" of the path (a path of "/" alone is the whole site). The path
 * keeps its letters as typed. Another scheme, a query, a fragment or user info are refused with a
 * message that says so.
 */
export function normalizeSiteEntry(input: string): Normalized {
  let text = input.trim();
  if (text === "") return { ok: false, message: BLOCKED_SITE_MESSAGES.required };
  const allow = text.startsWith("+");
  if (allow) text = text.slice(1).trim();
  text = text.replace(WEB_SCHEME, "");
  if (SCHEME.test(text)) return { ok: false, message: SITE_ENTRY_MESSAGES.scheme };
  if (text.includes("?")) return { ok: false, message: SITE_ENTRY_MESSAGES.query };
  if (text.includes("#")) return { ok: false, message: SITE_ENTRY_MESSAGES.fragment };
  const slash = text.indexOf("/");
  let host = (slash === -1 ? text : text.slice(0, slash)).toLowerCase();
  let path = slash === -1 ? "" : text.slice(slash).replace(/\/+$/, "");
  host = host.replace(/:\d*$/, "").replace(/\.$/, "");
  if (/^www\.[^.]+\.[^.]/.test(host)) host = host.slice("www.".length);
  if (!isValidDomain(host)) return { ok: false, message: BLOCKED_SITE_MESSAGES.invalid };
  if (path.length > SITE_PATH_MAX_LENGTH) return { ok: false, message: SITE_ENTRY_MESSAGES.pathTooLong };
  if (path !== "" && !PATH_PATTERN.test(path)) return { ok: false, message: SITE_ENTRY_MESSAGES.path };
  path = path.replace(/\/{2,}/g, "/");
  return { ok: true, value: `${allow ? "+" : ""}${host}${path}` };
}

/** A stored (or typed) entry read back; null when it is no valid entry. */
export function parseSiteEntry(entry: string): SiteEntry | null {
  const normalized = normalizeSiteEntry(entry);
  if (!normalized.ok) return null;
  const allow = normalized.value.startsWith("+");
  const text = allow ? normalized.value.slice(1) : normalized.value;
  const slash = text.indexOf("/");
  const host = slash === -1 ? text : text.slice(0, slash);
  const path = slash === -1 ? null : text.slice(slash);
  return { kind: allow ? "exception" : path === null ? "site" : "path", allow, host, path };
}

/** How the Shield list names each kind of entry. */
export const SITE_ENTRY_KIND_LABELS: Record<SiteEntryKind, string> = {
  site: "Whole site",
  path: "Path",
  exception: "Allowed",
};

/** Whether `host` is `domain` or one of its subdomains (`domain` lower case; a trailing dot of `host` ignored). */
export function hostWithin(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

/** One percent escape, or a run of them (a character of several UTF-8 bytes). */
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/**
 * A page's path as a site reads it, so that another spelling of a listed path is the same path
 * (`docs/product.md`, Website Shield): percent escapes decoded (`/%73horts`, `/sh%6Frts`, an
 * encoded `/` as `%2F`), `;` parameters of a segment dropped (`/shorts;x`, `/;/shorts`), runs of
 * `/` made one (`//shorts`), and letters in lower case. An escape that is no valid UTF-8 is kept
 * as it is.
 */
function canonicalSitePath(pathname: string): string {
  const decoded = pathname.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return decoded
    .split("/")
    .map((segment) => segment.replace(/;.*$/, ""))
    .join("/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
}

/**
 * Whether a page at `host` and `pathname` falls under `entry`: the host is the entry's domain
 * or a subdomain (a trailing dot ignored), and the path, as a site reads it
 * (`canonicalSitePath`), is the entry's path or below it (`/shorts` covers `/shorts` and
 * `/shorts/x`, not `/shortsy`), letters compared without case as Chrome's rules do.
 */
export function siteEntryCovers(entry: SiteEntry, host: string, pathname: string): boolean {
  if (!hostWithin(host, entry.host)) return false;
  if (entry.path === null) return true;
  const path = canonicalSitePath(pathname);
  const own = canonicalSitePath(entry.path);
  return path === own || path.startsWith(own.endsWith("/") ? own : `${own}/`);
}

/**
 * The entry that blocks a page at `host` and `pathname`, or null: an exception that covers the
 * page wins over every blocking entry (`docs/product.md`); among blocking entries the first
 * listed that covers it.
 */
export function blockingEntryFor(entries: readonly SiteEntry[], host: string, pathname: string): SiteEntry | null {
  if (entries.some((entry) => entry.allow && siteEntryCovers(entry, host, pathname))) return null;
  return entries.find((entry) => !entry.allow && siteEntryCovers(entry, host, pathname)) ?? null;
}

/** An entry as typed, normalised to its stored form; each problem is the field's message. */
export const siteEntrySchema = z
  .string({ error: () => BLOCKED_SITE_MESSAGES.required })
  .transform((input, ctx) => {
    const normalized = normalizeSiteEntry(input);
    if (normalized.ok) return normalized.value;
    ctx.addIssue({ code: "custom", message: normalized.message });
    return z.NEVER;
  });
