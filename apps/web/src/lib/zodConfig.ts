/**
 * Zod without its eval probe. Zod 4 compiles object parsers with `new Function` when it may,
 * and finds out by trying; under the app's CSP (script-src 'self', no 'unsafe-eval') every
 * probe is a reported violation. Zod reads the setting when a schema is built, so the entry
 * (`main.tsx`) runs this first, before any module that builds one.
 *
 * Zod keeps its settings in one object on `globalThis` (`__zod_globalConfig`, shared by every
 * copy of zod on a page, and what `z.config()` writes to). Setting it there, without importing
 * zod, lets the entry configure zod while a page that validates nothing (the landing) never
 * downloads it, and lets a page's code load in one step instead of zod first, then the page.
 * `zodConfig.test.ts` checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod holds (when zod is already loaded, as in tests), or the one it will find.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
export {};
