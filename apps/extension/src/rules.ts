/**
 * Blocking rules (`docs/product.md`, Website Shield): the user's entries (sites, paths and
 * exceptions) become `declarativeNetRequest` dynamic rules that redirect main-frame navigations
 * to the extension's blocked page (or let an exception through), with the domain, the session's end and the
 * rule set's redirect key in the query (the key is what lets the page count an attempt,
 * redirectKey.ts). Pure functions; the service worker installs what they build.
 */
import { blockingEntryFor, isValidDomain, normalizeSiteEntry, normalizeWebsiteHost, parseSiteEntry, type SiteEntry } from "@focus/core/schemas";

/** The subset of `chrome.declarativeNetRequest.RuleCondition` the extension uses. */
export interface DnrCondition {
  /** Matches the domain and every subdomain of it. */
  requestDomains?: string[];
  /** An RE2 expression the whole URL must match (path entries). */
  regexFilter?: string;
  excludedRequestDomains?: string[];
  resourceTypes: ["main_frame"];
}

/** The subset of `chrome.declarativeNetRequest.Rule` the extension uses. */
export interface DnrRule {
  id: number;
  priority: number;
  /** `extensionPath`: Chrome resolves it to the extension's page when the rule matches; `allow` lets an exception through. */
  action: { type: "redirect"; redirect: { extensionPath: string } } | { type: "allow" };
  condition: DnrCondition;
}

/** Path of the blocked page inside the extension. */
export const BLOCKED_PAGE_PATH = "blocked/blocked.html";

/** Why a tab shows the blocked page: a navigation the rules stopped, or a tab open when focus began. */
export type BlockedReason = "navigation" | "open-tab";

/** A redirect key: 32 lowercase hex digits (redirectKey.ts makes them). */
export const REDIRECT_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** The blocked page's query, as read back by readBlockedPageQuery. */
export interface BlockedPageQuery {
  domain: string | null;
  endsAt: number | null;
  reason: BlockedReason;
  /** The redirect key of the rule that sent the tab here; null when absent or malformed. */
  key: string | null;
}

/** The blocked page's query string (no `?`) for `domain`, with the session end (epoch ms), the reason and the redirect key. */
function blockedPageSearch(domain: string, endsAt: number | null, reason: BlockedReason, key: string | null): string {
  const query = new URLSearchParams({ domain });
  if (endsAt !== null) query.set("endsAt", String(endsAt));
  if (reason !== "navigation") query.set("reason", reason);
  if (key !== null) query.set("key", key);
  return query.toString();
}

/**
 * The blocked page's address for `domain`, with the session end (epoch ms) and the reason.
 * Used for tabs the worker sends there itself (they carry no redirect key: they count no attempt).
 */
export function blockedPageUrl(pageUrl: string, domain: string, endsAt: number | null, reason: BlockedReason = "navigation"): string {
  return `${pageUrl}?${blockedPageSearch(domain, endsAt, reason, null)}`;
}

/** The blocked page's path inside the extension for a rule's redirect, with the rule set's redirect key. */
export function blockedPagePath(domain: string, endsAt: number | null, key: string): string {
  return `/${BLOCKED_PAGE_PATH}?${blockedPageSearch(domain, endsAt, "navigation", key)}`;
}

/** The query of the blocked page, read back; null fields when absent or malformed. */
export function readBlockedPageQuery(search: string): BlockedPageQuery {
  const query = new URLSearchParams(search);
  const domain = normalizeWebsiteHost(query.get("domain") ?? "");
  const endsAt = Number(query.get("endsAt"));
  const key = query.get("key") ?? "";
  return {
    domain: isValidDomain(domain) ? domain : null,
    endsAt: Number.isFinite(endsAt) && endsAt > 0 ? endsAt : null,
    reason: query.get("reason") === "open-tab" ? "open-tab" : "navigation",
    key: REDIRECT_KEY_PATTERN.test(key) ? key : null,
  };
}

/** The redirect key an installed rule sends to the blocked page, or null (a rule of an older build, or no redirect). */
export function redirectKeyOf(rule: { action?: { type?: string; redirect?: { extensionPath?: string } } }): string | null {
  const path = rule.action && "redirect" in rule.action ? rule.action.redirect?.extensionPath : undefined;
  if (!path) return null;
  const search = path.includes("?") ? path.slice(path.indexOf("?")) : "";
  return readBlockedPageQuery(search).key;
}

/**
 * The usable entries of a blocklist (core's `parseSiteEntry`: a site, a path or a `+` exception),
 * in their stored form, without duplicates; anything that is no entry (an IP address,
 * `localhost`, garbage) is left out and listed in `refused`.
 */
export function blockableEntries(entries: readonly string[]): { entries: string[]; refused: string[] } {
  const kept: string[] = [];
  const refused: string[] = [];
  for (const entry of entries) {
    const normalized = normalizeSiteEntry(entry);
    if (!normalized.ok) refused.push(entry);
    else if (!kept.includes(normalized.value)) kept.push(normalized.value);
  }
  return { entries: kept, refused };
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

/** The entry that blocks the page at `url` (http and https only; exceptions win), or null. */
export function blockingEntryOf(url: string | undefined, entries: readonly string[]): SiteEntry | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return blockingEntryFor(parsedEntries(entries), parsed.hostname, parsed.pathname);
}

function parsedEntries(entries: readonly string[]): SiteEntry[] {
  return entries.map(parseSiteEntry).filter((entry): entry is SiteEntry => entry !== null);
}

export interface BuildRulesOptions {
  /** The rule set's redirect key, sent to the blocked page with every redirect. */
  key: string;
  /** End of the focus session, epoch ms (shown as the time left). */
  endsAt: number | null;
  /** The web app's host: never blocked, even when it is a subdomain of a blocked site. */
  appHost?: string | null;
}

/** Priority of a rule that blocks; exceptions have a higher one, so Chrome lets them through. */
export const BLOCK_PRIORITY = 1;
export const ALLOW_PRIORITY = 2;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The RE2 filter of a path entry: http(s), the host or a subdomain, any port, then the path
 * followed by "/", "?", "#" or the end (`/shorts` covers `/shorts/x`, not `/shortsy`). Chrome
 * matches it without case (`isUrlFilterCaseSensitive` is false by default).
 */
export function pathRegexFilter(host: string, path: string): string {
  return `^https?://([^/?#@]*@)?([^/?#@:]*\\.)?${escapeRegex(host)}(:[0-9]+)?${escapeRegex(path)}([/?#]|$)`;
}

/** The condition that matches main-frame navigations to `entry`. */
function conditionOf(entry: SiteEntry, appHost: string | null): DnrCondition {
  const exclude = !entry.allow && appHost !== null && hostMatches(appHost, entry.host) ? { excludedRequestDomains: [appHost] } : {};
  if (entry.path === null) return { requestDomains: [entry.host], ...exclude, resourceTypes: ["main_frame"] };
  return { regexFilter: pathRegexFilter(entry.host, entry.path), ...exclude, resourceTypes: ["main_frame"] };
}

/**
 * The dynamic rules of a blocklist (ids 1…n in list order, so a rule says which entry it came
 * from): a whole site redirects its domain and subdomains (`requestDomains`), a path redirects
 * that path and below (`regexFilter`), both at BLOCK_PRIORITY to the blocked page by
 * `extensionPath` (Chrome finds the page whatever the session's dynamic address of the
 * extension, manifest.ts `use_dynamic_url`); an exception is an `allow` rule at ALLOW_PRIORITY,
 * which Chrome applies over any redirect of lower priority. `main_frame` only, so embedded
 * content of other sites is left alone. Invalid entries are left out (see blockableEntries).
 */
export function buildBlockRules(entries: readonly string[], options: BuildRulesOptions): DnrRule[] {
  const appHost = options.appHost?.toLowerCase() ?? null;
  return parsedEntries(blockableEntries(entries).entries).map((entry, index) => ({
    id: index + 1,
    priority: entry.allow ? ALLOW_PRIORITY : BLOCK_PRIORITY,
    action: entry.allow
      ? { type: "allow" }
      : { type: "redirect", redirect: { extensionPath: blockedPagePath(entry.host, options.endsAt, options.key) } },
    condition: conditionOf(entry, appHost),
  }));
}
