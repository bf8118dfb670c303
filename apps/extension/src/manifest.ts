/**
 * The extension's manifest (MV3, version 1.4.0), built from the app origins given at build
 * time (vite.config.ts, `FOCUS_APP_ORIGINS`). The origins are data in the manifest
 * (`externally_connectable.matches`, read by config.ts at run time), so the API rewrites them
 * for its own origin when it serves the zip (`docs/architecture.md`, "The extension and its
 * app origin").
 */
import { appMatchPatterns, EXTENSION_VERSION, normalizeAppOrigin } from "@focus/core/protocol";

/**
 * The public half of the key the extension is signed with. Chrome derives the extension's id
 * from it (EXTENSION_ID in @focus/core; manifest.test.ts checks they agree), so an unpacked
 * install has the same id everywhere and the web app can address it. The private key is not
 * needed to load the extension and is not kept in the repository.
 */
export const EXTENSION_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzK6qy+cbcbarjUyRlqxXKcfDgSPex1amdW8xx23Ygc6kFZ08iDlXher5Z/DcauRd4pklxZa8tK6eH2sW891PO/DlBh+cgKSwlqrNiU4KO1loopEcGYAMxcx0IDWL9kJ60ZtX0Fgm0xnqN3UGC4cMjHAaRhh00xesMw7QMNtUC2ylq+dGU5Lcb63xCRy+W3cGUycnd+LvaGWSLqVzxcqw45GeqLJWJoLU8zrIjcTHncD47Hohmq0oV33dbVgYsTbIpzCHewB+2YV4BAFgp91ACc7cSj6UEcW6ANv0+wbh3iJVCh8/HefeLbRRUqSAIrJjYjmj82cS8zCxJtVQSnjfxQIDAQAB";

/** The app origins of a build when FOCUS_APP_ORIGINS is unset: the API's default port on this machine. */
export const DEFAULT_APP_ORIGINS = ["http://localhost:3000", "http://127.0.0.1:3000"] as const;

/** Icon sizes shipped in icons/icon-<size>.png. */
export const ICON_SIZES = [16, 32, 48, 128] as const;

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

export interface ManifestOptions {
  /** Origins of the web app allowed to pair the extension (externally_connectable). */
  appOrigins: readonly string[];
}

const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));

/**
 * The extension pages' content security policy: Chrome's default for MV3 (scripts of the
 * package only), and no page of the extension may be framed by another page.
 */
export const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'self'; frame-ancestors 'none'";

/** The manifest for a package pairing with `appOrigins`. */
export function buildManifest({ appOrigins }: ManifestOptions) {
  const appMatches = appMatchPatterns(appOrigins);
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
    // webNavigation: the navigation check sees every page a tab commits (navigationCheck.ts).
    permissions: ["declarativeNetRequest", "storage", "alarms", "tabs", "webNavigation"],
    // The app for the API calls; every site for the redirect rules (a redirect without host
    // access does nothing) and for sending open tabs of blocked sites to the blocked page.
    // Both lists of app patterns are what core's withAppOrigins rewrites.
    host_permissions: [...appMatches, "<all_urls>"],
    externally_connectable: { matches: appMatches },
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    // The blocked page is web accessible so that the redirect rules may lead there. With a
    // dynamic URL (a random id Chrome makes each browser session) no web page can open, frame
    // or fetch it, or find out that the extension is installed; the rules' `extensionPath`
    // redirects still reach it (rules.ts).
    web_accessible_resources: [
      { resources: ["blocked/blocked.html", "assets/*", "icons/*"], matches: ["<all_urls>"], use_dynamic_url: true },
    ],
  };
}

export type Manifest = ReturnType<typeof buildManifest>;
