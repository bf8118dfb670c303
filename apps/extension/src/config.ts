/**
 * Build-time configuration (vite.config.ts replaces `__FOCUS_APP_URL__` and
 * `__FOCUS_APP_ORIGINS__` from `FOCUS_APP_URL` and `FOCUS_APP_ORIGINS`). Tests see the defaults.
 */
import { DEFAULT_APP_ORIGINS } from "./manifest";

declare const __FOCUS_APP_URL__: string | undefined;
declare const __FOCUS_APP_ORIGINS__: readonly string[] | undefined;

/** The web app the popup opens before the extension is paired. */
export const DEFAULT_APP_URL: string = typeof __FOCUS_APP_URL__ === "string" ? __FOCUS_APP_URL__ : "http://localhost:3000";

/**
 * The origins of the web app this build pairs with (normalized, as `new URL(...).origin`
 * writes them): the same list as the manifest's `externally_connectable`, checked again on
 * every message from a page.
 */
export const APP_ORIGINS: readonly string[] = typeof __FOCUS_APP_ORIGINS__ === "undefined" ? DEFAULT_APP_ORIGINS : __FOCUS_APP_ORIGINS__;
