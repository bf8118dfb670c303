/**
 * Blocking rules (`docs/product.md`, Website Shield): the user's entries (sites, paths and
 * exceptions) become `declarativeNetRequest` dynamic rules that redirect main-frame navigations
 * to the extension's blocked page (or let an exception through), with the domain, the session's end and the
 * rule set's redirect key in the query (the key is what lets the page count an attempt,
 * redirectKey.ts). Pure functions; the service worker installs what they build.
 */
import { blockingEntryFor, hostWithin, isValidDomain, normalizeSiteEntry, normalizeWebsiteHost, parseSiteEntry, siteEntryCovers, type SiteEntry } from "@focus/core/schemas";

/** The resource types a rule stops: a page, and a page framed inside another. */
export type DnrResourceType = "main_frame" | "sub_frame";

/** The subset of `chrome.declarativeNetRequest.RuleCondition` the extension uses. */
export interface DnrCondition {
  /** Matches the domain and every subdomain of it. */
  requestDomains?: string[];
  /** A URL filter (`||host/path^`: the host or a subdomain, then the path and a separator or the end). */
  urlFilter?: string;
  /** An RE2 expression the whole URL must match (a delay page's redirect, the allow list's catch-all). */
  regexFilter?: string;
  excludedRequestDomains?: string[];
  resourceTypes: DnrResourceType[];
}

/** The subset of `chrome.declarativeNetRequest.Rule` the extension uses. */
export interface DnrRule {
  id: number;
  priority: number;
  /**
   * `extensionPath`: Chrome resolves it to the extension's page when the rule matches;
   * `regexSubstitution` (with a `regexFilter`) writes the page's address with parts of the
   * visited one (its host, the whole address); `allow` lets an exception through.
   */
  action: { type: "redirect"; redirect: { extensionPath: string } | { regexSubstitution: string } } | { type: "allow" };
  condition: DnrCondition;
}

/** Path of the blocked page inside the extension. */
export const BLOCKED_PAGE_PATH = "blocked/blocked.html";

/**
 * Why a tab shows the blocked page: a navigation the rules stopped, a tab open when focus
 * began, or a navigation to a site off the allow list (allow-list mode).
 */
export type BlockedReason = "navigation" | "open-tab" | "allowlist";

/** A redirect key: 32 lowercase hex digits (redirectKey.ts makes them). */
export const REDIRECT_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** The blocked page's query, as read back by readBlockedPageQuery. */
export interface BlockedPageQuery {
  domain: string | null;
  endsAt: number | null;
  reason: BlockedReason;
  /** The redirect key of the rule that sent the tab here; null when absent or malformed. */
  key: string | null;
  /** The entry shows the delay page (a countdown, then a pass) instead of a wall. */
  delay: boolean;
  /** The entry (stored form) that sent the tab here (the page names it); null when the address did not say. */
  entry: string | null;
  /** The address the user was opening (http or https), when the rule passed it on; null otherwise. */
  url: string | null;
}

/** What a rule's redirect adds to the blocked page's query besides the domain, end and key. */
interface RedirectExtras {
  reason?: BlockedReason;
  /** A delayed entry, in its stored form. */
  delayEntry?: string;
}

/**
 * The blocked page's query string (no `?`) for `domain`, with the session end (epoch ms), the
 * reason, the redirect key and the entry (stored form) that matched, `delay` when that entry
 * shows the delay page.
 */
function blockedPageSearch(domain: string, endsAt: number | null, reason: BlockedReason, key: string | null, entry?: string, delay = false): string {
  const query = new URLSearchParams({ domain });
  if (endsAt !== null) query.set("endsAt", String(endsAt));
  if (reason !== "navigation") query.set("reason", reason);
  if (delay) query.set("delay", "1");
  if (entry !== undefined) query.set("entry", entry);
  if (key !== null) query.set("key", key);
  return query.toString();
}

/** The parameter the visited address follows, always last: it is everything after it, `&`s included. */
const URL_PARAM = "&url=";

/**
 * The blocked page's address for `domain`, with the session end (epoch ms) and the reason.
 * Used for tabs the worker sends there itself (they carry no redirect key: they count no attempt).
 */
export function blockedPageUrl(pageUrl: string, domain: string, endsAt: number | null, reason: BlockedReason = "navigation"): string {
  return `${pageUrl}?${blockedPageSearch(domain, endsAt, reason, null)}`;
}

/** The blocked page's path inside the extension for a rule's redirect, with the rule set's redirect key and the entry it was made for. */
export function blockedPagePath(domain: string, endsAt: number | null, key: string, entry?: string): string {
  return `/${BLOCKED_PAGE_PATH}?${blockedPageSearch(domain, endsAt, "navigation", key, entry)}`;
}

/**
 * A regex redirect to the blocked page of extension `extensionId`: its query, then the visited
 * address (`\0`, the filter's match, which Chrome follows with the rest of the address). The
 * domain may be the filter's host group (`\\2`) when the rule covers many sites.
 */
export function blockedPageSubstitution(extensionId: string, domain: string, endsAt: number | null, key: string, extras: RedirectExtras = {}): string {
  const search = blockedPageSearch("", endsAt, extras.reason ?? "navigation", key, extras.delayEntry, extras.delayEntry !== undefined).replace(/^domain=/, `domain=${domain}`);
  return `chrome-extension://${extensionId}/${BLOCKED_PAGE_PATH}?${search}${URL_PARAM}\\0`;
}

/** The visited address after `&url=` when it is an http(s) address; null otherwise. */
function visitedUrlOf(search: string): string | null {
  const at = search.indexOf(URL_PARAM);
  if (at === -1) return null;
  const url = search.slice(at + URL_PARAM.length);
  return /^https?:\/\//i.test(url) ? url : null;
}

/** The query of the blocked page, read back; null fields when absent or malformed. */
export function readBlockedPageQuery(search: string): BlockedPageQuery {
  const at = search.indexOf(URL_PARAM);
  const query = new URLSearchParams(at === -1 ? search : search.slice(0, at));
  const domain = normalizeWebsiteHost(query.get("domain") ?? "");
  const endsAt = Number(query.get("endsAt"));
  const key = query.get("key") ?? "";
  const reason = query.get("reason");
  const entry = normalizeSiteEntry(query.get("entry") ?? "");
  const delay = query.get("delay") === "1" && entry.ok && !entry.value.startsWith("+");
  return {
    domain: isValidDomain(domain) ? domain : null,
    endsAt: Number.isFinite(endsAt) && endsAt > 0 ? endsAt : null,
    reason: reason === "open-tab" || reason === "allowlist" ? reason : "navigation",
    key: REDIRECT_KEY_PATTERN.test(key) ? key : null,
    delay,
    entry: entry.ok && !entry.value.startsWith("+") ? entry.value : null,
    url: visitedUrlOf(search),
  };
}

/** The redirect key an installed rule sends to the blocked page, or null (a rule of an older build, or no redirect). */
export function redirectKeyOf(rule: { action?: { type?: string; redirect?: { extensionPath?: string; regexSubstitution?: string } } }): string | null {
  const redirect = rule.action && "redirect" in rule.action ? rule.action.redirect : undefined;
  const path = redirect?.extensionPath ?? redirect?.regexSubstitution;
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

/**
 * The host the Shield blocks the page at `url` for (http and https only), or null when it
 * opens: in block-list mode an entry blocks it and no exception or open pass lets it through;
 * in allow-list mode no entry lists it and it is not the app's own host.
 */
export function shieldBlocks(url: string | undefined, shield: ShieldRulesInput & { appHost?: string | null }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url ?? "");
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const entries = parsedEntries(shield.entries);
  if (shield.mode === "allowlist") {
    const listed = entries.some((entry) => siteEntryCovers({ ...entry, allow: true }, parsed.hostname, parsed.pathname));
    const app = shield.appHost != null && parsed.hostname === shield.appHost.toLowerCase();
    return listed || app ? null : parsed.hostname;
  }
  const passed = parsedEntries(shield.passed ?? []).map((entry) => ({ ...entry, allow: true }));
  return blockingEntryFor([...entries, ...passed], parsed.hostname, parsed.pathname)?.host ?? null;
}

/**
 * The blocked page a page at `url` belongs on now, as the rules would send it there (`pageUrl`:
 * the blocked page's address; `key`: the rule set's redirect key, so the visit counts as a
 * stopped one): the delay page for a delayed entry (with the entry and the address), the wall
 * for any other blocked page, the allow list's wall for a page off it; null when the page opens.
 * The worker's navigation check uses it for what no rule can match (`navigationCheck.ts`).
 */
export function blockedPageFor(
  url: string,
  shield: ShieldRulesInput & { appHost?: string | null; endsAt: number | null },
  pageUrl: string,
  key: string | null,
): string | null {
  const host = shieldBlocks(url, shield);
  if (host === null) return null;
  if (shield.mode === "allowlist") return `${pageUrl}?${blockedPageSearch(host, shield.endsAt, "allowlist", key)}`;
  const { hostname, pathname } = new URL(url);
  const delayed = (shield.delayed ?? []).find((text) => {
    const entry = parseSiteEntry(text);
    return entry !== null && siteEntryCovers(entry, hostname, pathname);
  });
  const matched = blockingEntryOf(url, shield.entries);
  const rule = delayed ?? (matched ? `${matched.host}${matched.path ?? ""}` : undefined);
  const search = blockedPageSearch(matched?.host ?? host, shield.endsAt, "navigation", key, rule, delayed !== undefined);
  return delayed === undefined ? `${pageUrl}?${search}` : `${pageUrl}?${search}${URL_PARAM}${url}`;
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

/** The Shield to compile: the mode, the entries, which of them show the delay page, which have an open pass. */
export interface ShieldRulesInput {
  mode: "blocklist" | "allowlist";
  entries: readonly string[];
  /** Entries (stored form) that show the delay page instead of a wall (block-list mode). */
  delayed?: readonly string[];
  /** Delayed entries the user passed through for now: let through until the pass ends. */
  passed?: readonly string[];
}

export interface ShieldRulesOptions extends BuildRulesOptions {
  /** The extension's id, for the address a regex redirect writes (`blockedPageSubstitution`). */
  extensionId: string;
}

/** Priority of a rule that blocks; exceptions have a higher one, so Chrome lets them through. */
export const BLOCK_PRIORITY = 1;
export const ALLOW_PRIORITY = 2;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The RE2 filter of a path entry (a delay page, which needs the visited address): http(s), the
 * host or a subdomain (a trailing dot too), any port, then the path followed by "/", "?", "#",
 * ";" or the end (`/shorts` covers `/shorts/x`, not `/shortsy`). Chrome matches it without case
 * (`isUrlFilterCaseSensitive` is false by default). A long host or path can make an expression
 * Chrome refuses (`isRegexSupported`): the delay page then goes without the address
 * (`compileShield`'s fallback).
 */
export function pathRegexFilter(host: string, path: string): string {
  return `^https?://([^/?#@]*@)?([^/?#@:]*\\.)?${escapeRegex(host)}\\.?(:[0-9]+)?${escapeRegex(path)}([/?#;]|$)`;
}

/**
 * The URL filter of a path entry: the host or a subdomain (`||`), the path, then a separator or
 * the end (`^`: `/shorts` covers `/shorts/x` and `/shorts?x`, not `/shortsy`). Chrome matches it
 * without case and needs no compiled expression for it, so no path is too long for it (an entry
 * path holds none of a filter's special characters `*`, `|` and `^`: core's `normalizeSiteEntry`).
 */
export function pathUrlFilter(host: string, path: string): string {
  return `||${host}${path}^`;
}

/** Pages and framed pages: a listed site inside an allowed page is stopped too. */
const FRAMES: DnrResourceType[] = ["main_frame", "sub_frame"];

/** The condition that matches navigations (pages and frames) to `entry`. */
function conditionOf(entry: SiteEntry, appHost: string | null): DnrCondition {
  const exclude = !entry.allow && appHost !== null && hostWithin(appHost, entry.host) ? { excludedRequestDomains: [appHost] } : {};
  if (entry.path === null) return { requestDomains: [entry.host], ...exclude, resourceTypes: FRAMES };
  return { urlFilter: pathUrlFilter(entry.host, entry.path), ...exclude, resourceTypes: FRAMES };
}

/** The RE2 filter of a whole-site entry: http(s), the host or a subdomain (a trailing dot too), any port, then the end of the host. */
export function siteRegexFilter(host: string): string {
  return `^https?://([^/?#@]*@)?([^/?#@:]*\\.)?${escapeRegex(host)}\\.?(:[0-9]+)?([/?#]|$)`;
}

/** Every http(s) address, the host in group 2: allow-list mode's catch-all. */
export const ANY_SITE_FILTER = "^https?://([^/?#@]*@)?([^/?#@:]+)";

type RuleDraft = Omit<DnrRule, "id">;

/** A wall: the blocked page, by `extensionPath`, for a whole site or a path, framed or not. */
function wallOf(entry: SiteEntry, appHost: string | null, options: BuildRulesOptions): RuleDraft {
  return {
    priority: BLOCK_PRIORITY,
    action: { type: "redirect", redirect: { extensionPath: blockedPagePath(entry.host, options.endsAt, options.key, `${entry.host}${entry.path ?? ""}`) } },
    condition: conditionOf(entry, appHost),
  };
}

/**
 * A delay page for a page (a framed one meets a wall, `wallOf`): a regex redirect that carries
 * the entry and the visited address; `fallback`, the same page by `extensionPath` without the
 * address, for when Chrome refuses the expression.
 */
function delayOf(text: string, entry: SiteEntry, appHost: string | null, options: ShieldRulesOptions): { rule: RuleDraft; fallback: RuleDraft } {
  const exclude = appHost !== null && hostWithin(appHost, entry.host) ? { excludedRequestDomains: [appHost] } : {};
  const regexFilter = entry.path === null ? siteRegexFilter(entry.host) : pathRegexFilter(entry.host, entry.path);
  const regexSubstitution = blockedPageSubstitution(options.extensionId, entry.host, options.endsAt, options.key, { delayEntry: text });
  const extensionPath = `/${BLOCKED_PAGE_PATH}?${blockedPageSearch(entry.host, options.endsAt, "navigation", options.key, text, true)}`;
  const page = { ...conditionOf(entry, appHost), resourceTypes: ["main_frame"] as DnrResourceType[] };
  return {
    rule: { priority: BLOCK_PRIORITY, action: { type: "redirect", redirect: { regexSubstitution } }, condition: { regexFilter, ...exclude, resourceTypes: ["main_frame"] } },
    fallback: { priority: BLOCK_PRIORITY, action: { type: "redirect", redirect: { extensionPath } }, condition: page },
  };
}

/** Lets `entry` through over any redirect of lower priority. */
function allowOf(entry: SiteEntry): { draft: RuleDraft; fallback?: RuleDraft } {
  const byFilter: RuleDraft = { priority: ALLOW_PRIORITY, action: { type: "allow" }, condition: conditionOf({ ...entry, allow: true }, null) };
  if (entry.path === null) return { draft: byFilter };
  // A path is let through on any port too (a URL filter's `||host/path` needs the path right
  // after the host); the URL filter stands in when Chrome refuses the expression.
  return {
    draft: { ...byFilter, condition: { regexFilter: pathRegexFilter(entry.host, entry.path), resourceTypes: FRAMES } },
    fallback: byFilter,
  };
}

/**
 * The Shield compiled: the dynamic rules, ids 1…n, and for each rule the entry (stored form) it
 * comes from (null for the allow list's catch-all), so a rule Chrome refuses names its entry; and
 * for a rule with a regular expression, the rule to install instead when Chrome refuses it.
 */
export interface CompiledShield {
  rules: DnrRule[];
  entries: (string | null)[];
  fallbacks: Map<number, DnrRule>;
}

/**
 * The dynamic rules of the Shield (`docs/product.md`, Website Shield), ids 1…n in list order.
 * Block-list mode: a whole site redirects its domain and subdomains (`requestDomains`), a path
 * that path and below (`urlFilter`, `pathUrlFilter`), pages and framed pages alike, at
 * BLOCK_PRIORITY, to the blocked page by `extensionPath` (Chrome finds the page whatever the
 * session's dynamic address of the extension, manifest.ts `use_dynamic_url`); a delayed entry
 * redirects a page by `regexSubstitution` to the delay page with the visited address (a framed
 * page meets the wall), or is let through while its pass lasts; an exception is an `allow` rule
 * at ALLOW_PRIORITY, which Chrome applies over any redirect of lower priority. Allow-list mode:
 * one catch-all redirect of every http(s) page but the app's host, and every entry an `allow`
 * rule over it. Other spellings of a listed address that no rule can match (escapes in the path,
 * `;` parameters, a host's trailing dot) are caught by the worker's navigation check
 * (`navigationCheck.ts`). Invalid entries are left out (see blockableEntries).
 */
export function compileShield(shield: ShieldRulesInput, options: ShieldRulesOptions): CompiledShield {
  const appHost = options.appHost?.toLowerCase() ?? null;
  const texts = blockableEntries(shield.entries).entries;
  const drafts: { draft: RuleDraft; entry: string | null; fallback?: RuleDraft }[] = [];
  if (shield.mode === "allowlist") {
    const regexSubstitution = blockedPageSubstitution(options.extensionId, "\\2", options.endsAt, options.key, { reason: "allowlist" });
    drafts.push({
      entry: null,
      draft: {
        priority: BLOCK_PRIORITY,
        action: { type: "redirect", redirect: { regexSubstitution } },
        condition: { regexFilter: ANY_SITE_FILTER, ...(appHost !== null ? { excludedRequestDomains: [appHost] } : {}), resourceTypes: ["main_frame"] },
      },
    });
    for (const text of texts) {
      const entry = parseSiteEntry(text);
      if (entry) drafts.push({ entry: text, ...allowOf(entry) });
    }
  } else {
    for (const text of texts) {
      const entry = parseSiteEntry(text);
      if (!entry) continue;
      if (entry.allow || shield.passed?.includes(text)) drafts.push({ entry: text, ...allowOf(entry) });
      else if (shield.delayed?.includes(text)) {
        const { rule, fallback } = delayOf(text, entry, appHost, options);
        drafts.push({ entry: text, draft: rule, fallback });
        drafts.push({ entry: text, draft: { ...wallOf(entry, appHost, options), condition: { ...conditionOf(entry, appHost), resourceTypes: ["sub_frame"] } } });
      } else drafts.push({ entry: text, draft: wallOf(entry, appHost, options) });
    }
  }
  const fallbacks = new Map<number, DnrRule>();
  drafts.forEach(({ fallback }, index) => {
    if (fallback) fallbacks.set(index + 1, { id: index + 1, ...fallback });
  });
  return { rules: drafts.map(({ draft }, index) => ({ id: index + 1, ...draft })), entries: drafts.map(({ entry }) => entry), fallbacks };
}

/** The dynamic rules of the Shield: see compileShield. */
export function buildShieldRules(shield: ShieldRulesInput, options: ShieldRulesOptions): DnrRule[] {
  return compileShield(shield, options).rules;
}

/** The rules of a plain block list (no delays): see compileShield. */
export function buildBlockRules(entries: readonly string[], options: BuildRulesOptions): DnrRule[] {
  return buildShieldRules({ mode: "blocklist", entries }, { ...options, extensionId: "" });
}
