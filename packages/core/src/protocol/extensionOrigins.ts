/**
 * The web app origin a package of the Chrome extension pairs with (`docs/architecture.md`,
 * "The extension and its app origin"). It is data in the package's manifest.json, not code:
 * one match pattern per origin in `externally_connectable.matches` (Chrome lets only those
 * pages message the extension, and the extension checks each message again against the same
 * list) and the same patterns first in `host_permissions`. The extension's build writes them
 * for FOCUS_APP_ORIGINS; the API rewrites them for its own origin each time it serves the zip.
 */

/** A DNS label: letters, digits and inner hyphens, 1-63 characters. */
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";

/**
 * `http(s)://host[:port]` and nothing else: the host is dot-separated labels (a name or an
 * IPv4 address, as the `pair` message's `apiOrigin` accepts), so no wildcard, user, path,
 * query, fragment, percent-escape or bracket can reach a match pattern.
 */
const STRICT_ORIGIN = new RegExp(`^(https?)://(${LABEL}(?:\\.${LABEL})*)(?::(\\d{1,5}))?$`, "i");

/** A byte of a dotted-quad IPv4 address as a URL parser writes it: 0-255, no leading zero. */
const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/;

interface AppOriginParts {
  scheme: "http" | "https";
  host: string;
  /** The port when it is not the scheme's default, else null. */
  port: number | null;
}

/**
 * The parts of an origin `strictAppOrigin` takes, or null. A host whose last label is a number
 * is an IPv4 address to a browser, so it must be a plain dotted quad (`127.0.0.1`), never a
 * form a URL parser would rewrite (`1.2.3`, `0x7f.1`, `example.123`).
 */
function parseAppOrigin(value: string): AppOriginParts | null {
  const match = STRICT_ORIGIN.exec(value);
  if (!match) return null;
  const scheme = (match[1] ?? "").toLowerCase() as AppOriginParts["scheme"];
  const host = (match[2] ?? "").toLowerCase();
  if (host.length > 253) return null;
  const labels = host.split(".");
  if (/^(?:\d+|0x[0-9a-f]*)$/.test(labels.at(-1) ?? "")) {
    if (labels.length !== 4 || !labels.every((part) => IPV4_PART.test(part) && Number(part) <= 255)) return null;
  }
  let port: number | null = null;
  if (match[3] !== undefined) {
    port = Number(match[3]);
    if (port < 1 || port > 65535) return null;
    if (port === (scheme === "https" ? 443 : 80)) port = null;
  }
  return { scheme, host, port };
}

/**
 * `value` as a browser writes an origin (lower case, no default port) when it is exactly
 * `http(s)://host[:port]` with a port from 1 to 65535 and a host of ASCII labels; otherwise
 * null.
 */
export function strictAppOrigin(value: string): string | null {
  const parts = parseAppOrigin(value);
  return parts === null ? null : `${parts.scheme}://${parts.host}${parts.port === null ? "" : `:${parts.port}`}`;
}

/**
 * An app origin as a browser writes it (lower-case host, no default port), so it can be
 * compared with a sender's origin. One trailing `/` is allowed (what people type in
 * FOCUS_APP_ORIGINS); otherwise it must pass `strictAppOrigin` (a host in ASCII: punycode for
 * an internationalized name).
 * @throws Error for anything but an http(s) origin (a path, query, fragment, user, wildcard or
 *   bracketed host is refused).
 */
export function normalizeAppOrigin(origin: string): string {
  const strict = strictAppOrigin(origin.endsWith("/") ? origin.slice(0, -1) : origin);
  if (strict === null) throw new Error(`Not an http(s) origin: ${origin}`);
  return strict;
}

/**
 * The match pattern for exactly one app origin: scheme, host and its port, any path
 * (`http://localhost:3000` → `http://localhost:3000/*`). Chrome's match patterns take an
 * optional port and compare it with a URL's effective port; left out, it means every port, so
 * the default port is written out too (`https://focus.example.com` → `…:443/*`).
 * @throws Error for anything but an http(s) origin.
 */
export function matchPatternFor(origin: string): string {
  const parts = parseAppOrigin(normalizeAppOrigin(origin));
  if (parts === null) throw new Error(`Not an http(s) origin: ${origin}`);
  return `${parts.scheme}://${parts.host}:${parts.port ?? (parts.scheme === "https" ? 443 : 80)}/*`;
}

/**
 * The app origin of a match pattern written by `matchPatternFor`
 * (`https://focus.example.com:443/*` → `https://focus.example.com`), or null for any other
 * pattern (`<all_urls>`, a wildcard host, a path).
 */
export function appOriginOfMatchPattern(pattern: string): string | null {
  const match = /^(https?:\/\/[^/]+)\/\*$/i.exec(pattern);
  return match?.[1] === undefined ? null : strictAppOrigin(match[1]);
}

/** The match patterns of `origins`, without repeats. @throws Error when there is none or one is no http(s) origin. */
export function appMatchPatterns(origins: readonly string[]): string[] {
  const patterns = [...new Set(origins.map(matchPatternFor))];
  if (patterns.length === 0) throw new Error("At least one app origin is needed");
  return patterns;
}

/** The fields of the extension's manifest that name the app origins. */
export interface ExtensionManifestAppFields {
  externally_connectable: { matches: string[] };
  host_permissions: string[];
}

/**
 * `manifest` made for `origins`: `externally_connectable.matches` becomes their patterns, and in
 * `host_permissions` they replace the patterns of the old origins (everything else there, such
 * as `<all_urls>`, stays, after them). Nothing else changes: the `key`, and with it the
 * extension's id, stays.
 * @throws Error when `origins` is empty or one is no http(s) origin.
 */
export function withAppOrigins<M extends ExtensionManifestAppFields>(manifest: M, origins: readonly string[]): M {
  const patterns = appMatchPatterns(origins);
  const old = new Set(manifest.externally_connectable.matches);
  return {
    ...manifest,
    host_permissions: [...patterns, ...manifest.host_permissions.filter((permission) => !old.has(permission) && !patterns.includes(permission))],
    externally_connectable: { ...manifest.externally_connectable, matches: patterns },
  };
}
