/**
 * The extension's manifest (MV3, version 1.4.0), built from the app origins given at build
 * time (vite.config.ts, `FOCUS_APP_ORIGINS`).
 */
import { EXTENSION_VERSION } from "@focus/core";

/**
 * The public half of the key the extension is signed with. Chrome derives the extension's id
 * from it (EXTENSION_ID in @focus/core; manifest.test.ts checks they agree), so an unpacked
 * install has the same id everywhere and the web app can address it. The private key is not
 * needed to load the extension and is not kept in the repository.
 */
export const EXTENSION_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzK6qy+cbcbarjUyRlqxXKcfDgSPex1amdW8xx23Ygc6kFZ08iDlXher5Z/DcauRd4pklxZa8tK6eH2sW891PO/DlBh+cgKSwlqrNiU4KO1loopEcGYAMxcx0IDWL9kJ60ZtX0Fgm0xnqN3UGC4cMjHAaRhh00xesMw7QMNtUC2ylq+dGU5Lcb63xCRy+W3cGUycnd+LvaGWSLqVzxcqw45GeqLJWJoLU8zrIjcTHncD47Hohmq0oV33dbVgYsTbIpzCHewB+2YV4BAFgp91ACc7cSj6UEcW6ANv0+wbh3iJVCh8/HefeLbRRUqSAIrJjYjmj82cS8zCxJtVQSnjfxQIDAQAB";

/** The app origins when none are configured: the API's default port on this machine. */
export const DEFAULT_APP_ORIGINS = ["http://localhost:3000", "http://127.0.0.1:3000"] as const;

/** Icon sizes shipped in icons/icon-<size>.png. */
export const ICON_SIZES = [16, 32, 48, 128] as const;

/**
 * An app origin as a browser writes it (`new URL(origin).origin`: lower-case host, no default
 * port), so it can be compared with a sender's origin.
 * @throws Error for anything but an http(s) origin (a path, query, fragment or user is refused).
 */
export function normalizeAppOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`Not an http(s) origin: ${origin}`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.hash || url.username) {
    throw new Error(`Not an http(s) origin: ${origin}`);
  }
  return url.origin;
}

/**
 * The app origins of a build from `FOCUS_APP_ORIGINS` (comma-separated), normalized and
 * without repeats; DEFAULT_APP_ORIGINS when the variable is unset or empty.
 * @throws Error when one of them is no http(s) origin.
 */
export function appOriginsFrom(configured: string | undefined): string[] {
  const origins = (configured ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  return [...new Set((origins.length > 0 ? origins : DEFAULT_APP_ORIGINS).map(normalizeAppOrigin))];
}

/**
 * The match pattern for exactly one app origin: scheme, host and its port, any path
 * (`http://localhost:3000` → `http://localhost:3000/*`). Chrome's match patterns take an
 * optional port and compare it with a URL's effective port; left out, it means every port, so
 * the default port is written out too (`https://focus.example.com` → `…:443/*`).
 * @throws Error for anything but an http(s) origin.
 */
export function matchPatternFor(origin: string): string {
  const url = new URL(normalizeAppOrigin(origin));
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.protocol}//${url.hostname}:${port}/*`;
}

export interface ManifestOptions {
  /** Origins of the web app allowed to pair the extension (externally_connectable). */
  appOrigins: readonly string[];
}

const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));

export function buildManifest({ appOrigins }: ManifestOptions) {
  const appMatches = [...new Set(appOrigins.map(matchPatternFor))];
  if (appMatches.length === 0) throw new Error("At least one app origin is needed");
  return {
    manifest_version: 3,
    name: "Focus Flow",
    short_name: "Focus Flow",
    version: EXTENSION_VERSION,
    description: "Blocks your distracting sites during Focus Flow sessions and keeps a mini timer one click away.",
    key: EXTENSION_PUBLIC_KEY,
    // WebSocket traffic keeps the service worker alive from Chrome 116 on.
    minimum_chrome_version: "116",
    icons,
    action: { default_popup: "popup/popup.html", default_title: "Focus Flow", default_icon: icons },
    background: { service_worker: "background.js", type: "module" },
    permissions: ["declarativeNetRequest", "storage", "alarms", "tabs"],
    // The app for the API calls; every site for the redirect rules (a redirect without host
    // access does nothing) and for sending open tabs of blocked sites to the blocked page.
    host_permissions: [...appMatches, "<all_urls>"],
    externally_connectable: { matches: appMatches },
    web_accessible_resources: [
      { resources: ["blocked/blocked.html", "assets/*", "icons/*"], matches: ["<all_urls>"] },
    ],
  };
}

export type Manifest = ReturnType<typeof buildManifest>;
