/**
 * Build-time configuration (scripts/build.mjs replaces `__FOCUS_APP_URL__`): the web app the
 * popup opens before the extension is paired. Tests see the default.
 */
declare const __FOCUS_APP_URL__: string | undefined;

export const DEFAULT_APP_URL: string = typeof __FOCUS_APP_URL__ === "string" ? __FOCUS_APP_URL__ : "http://localhost:3000";
