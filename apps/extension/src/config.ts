/**
 * Which web app this package of the extension pairs with, read at run time from its own
 * manifest.json (`externally_connectable.matches`), not compiled in: the build writes the
 * patterns for FOCUS_APP_ORIGINS and the API rewrites them for its own origin when it serves
 * the zip, so the same code pairs with whatever app the package was made for
 * (`docs/architecture.md`, "The extension and its app origin").
 */
import { appOriginOfMatchPattern } from "@focus/core/protocol";

/** The app the popup opens before the extension is paired, when the manifest names none. */
export const FALLBACK_APP_URL = "http://localhost:3000";

export interface AppConfig {
  /**
   * The origins of the web app this package pairs with (normalized, as `new URL(...).origin`
   * writes them): the manifest's `externally_connectable`, checked again on every message from
   * a page (messages.ts).
   */
  appOrigins: readonly string[];
  /** The web app the popup opens before the extension is paired: the first app origin. */
  appUrl: string;
}

/**
 * The app configuration of a manifest whose `externally_connectable.matches` are `matches`.
 * A pattern that names no single http(s) origin is skipped.
 */
export function appConfigFrom(matches: readonly string[]): AppConfig {
  const appOrigins = [...new Set(matches.map(appOriginOfMatchPattern).filter((origin) => origin !== null))];
  return { appOrigins, appUrl: appOrigins[0] ?? FALLBACK_APP_URL };
}
