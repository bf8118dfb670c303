/**
 * Blocking rules (`docs/product.md`, Website Shield): the user's blocked sites become
 * `declarativeNetRequest` dynamic rules that redirect main-frame navigations to each domain and
 * its subdomains to the extension's blocked page, with the domain, the session's end and the
 * rule set's redirect key in the query (the key is what lets the page count an attempt,
 * redirectKey.ts). Pure functions; the service worker installs what they build.
 */
import { isValidDomain, normalizeWebsiteHost } from "@focus/core/schemas";

/** The subset of `chrome.declarativeNetRequest.Rule` the extension uses. */
export interface DnrRule {
  id: number;
  priority: number;
  /** `extensionPath`: Chrome resolves it to the extension's page when the rule matches. */
  action: { type: "redirect"; redirect: { extensionPath: string } };
  condition: {
    /** Matches the domain and every subdomain of it. */
    requestDomains: string[];
    excludedRequestDomains?: string[];
    resourceTypes: ["main_frame"];
  };
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
export function redirectKeyOf(rule: { action?: { redirect?: { extensionPath?: string } } }): string | null {
  const path = rule.action?.redirect?.extensionPath;
  if (!path) return null;
  const search = path.includes("?") ? path.slice(path.indexOf("?")) : "";
  return readBlockedPageQuery(search).key;
}

/**
 * The blockable domains among blocklist entries: normalised ("https://www.YouTube.com/x" →
 * "youtube.com"), checked to be domains by the rule of `docs/product.md`, without duplicates.
 * Anything else (an IP address, `localhost`, garbage) is refused and listed in `refused`.
 */
export function blockableDomains(entries: readonly string[]): { domains: string[]; refused: string[] } {
  const domains: string[] = [];
  const refused: string[] = [];
  for (const entry of entries) {
    const host = normalizeWebsiteHost(entry);
    if (!isValidDomain(host)) refused.push(entry);
    else if (!domains.includes(host)) domains.push(host);
  }
  return { domains, refused };
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

/** The blocked domain a URL belongs to (http and https only), or null. */
export function blockedDomainOf(url: string | undefined, domains: readonly string[]): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return domains.find((domain) => hostMatches(parsed.hostname, domain)) ?? null;
}

export interface BuildRulesOptions {
  /** The rule set's redirect key, sent to the blocked page with every redirect. */
  key: string;
  /** End of the focus session, epoch ms (shown as the time left). */
  endsAt: number | null;
  /** The web app's host: never blocked, even when it is a subdomain of a blocked site. */
  appHost?: string | null;
}

/**
 * One redirect rule per blockable domain (ids 1…n, so the rule says which site it blocked) to
 * the blocked page, by `extensionPath` (Chrome finds the page whatever the session's dynamic
 * address of the extension, manifest.ts `use_dynamic_url`);
 * `requestDomains` covers the domain and its subdomains, `main_frame` only, so embedded
 * content of other sites is left alone. Invalid entries are refused (see blockableDomains).
 */
export function buildBlockRules(entries: readonly string[], options: BuildRulesOptions): DnrRule[] {
  const { domains } = blockableDomains(entries);
  const appHost = options.appHost?.toLowerCase() ?? null;
  return domains.map((domain, index) => ({
    id: index + 1,
    priority: 1,
    action: { type: "redirect", redirect: { extensionPath: blockedPagePath(domain, options.endsAt, options.key) } },
    condition: {
      requestDomains: [domain],
      ...(appHost !== null && hostMatches(appHost, domain) ? { excludedRequestDomains: [appHost] } : {}),
      resourceTypes: ["main_frame"],
    },
  }));
}
