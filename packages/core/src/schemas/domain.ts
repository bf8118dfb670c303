/**
 * Domains as the Website Shield reads them (`docs/product.md`, Website Shield and linked
 * devices): the add-website form's two messages, the domain rule and the normalisation of a
 * typed host. Kept apart from blockedSite.ts and siteRule.ts, which both build on it.
 */
/** The host shown in the format message ('Invalid URL format (e.g., {host})'). */
const BLOCKED_SITE_EXAMPLE_HOST = "example.com";

/** Validation messages of the add-website form, word for word. */
export const BLOCKED_SITE_MESSAGES = {
  required: "URL is required",
  invalid: `Invalid URL format (e.g., ${BLOCKED_SITE_EXAMPLE_HOST})`,
} as const;

/** Longest label of a domain (RFC 1035). */
const DOMAIN_LABEL_MAX_LENGTH = 63;
/** Longest domain name in its text form (RFC 1035). */
const DOMAIN_MAX_LENGTH = 253;

const LABEL = `[a-z0-9](?:[a-z0-9-]{0,${DOMAIN_LABEL_MAX_LENGTH - 2}}[a-z0-9])?`;
/** A domain (`docs/product.md`), in lower case: labels, then a top-level part of 2+ letters. */
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,${DOMAIN_LABEL_MAX_LENGTH}}$`);

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

/**
 * The bare host of what a user typed (see the file comment): "https://www.YouTube.com/watch"
 * → "youtube.com". Parsed by hand, not with `URL`, so the core stays free of host APIs;
 * whatever is left that is no domain is refused by the domain check. International names
 * must be typed in their punycode form (`xn--bcher-kva.de`).
 */
export function normalizeWebsiteHost(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(HAS_SCHEME, "");
  host = host.split(/[/?#]/, 1)[0] ?? "";
  host = host.slice(host.lastIndexOf("@") + 1);
  host = host.replace(/:\d*$/, "").replace(/\.$/, "");
  // "www.com" is a domain of its own; only a "www." in front of another domain is dropped.
  return /^www\.[^.]+\.[^.]/.test(host) ? host.slice("www.".length) : host;
}

/** Whether `host` (already normalised) is a domain by the rule of `docs/product.md`. */
export function isValidDomain(host: string): boolean {
  return host.length <= DOMAIN_MAX_LENGTH && DOMAIN_PATTERN.test(host);
}
