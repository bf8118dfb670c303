/**
 * Zod without its eval probe. Zod 4 compiles object parsers with `new Function` when it may,
 * and finds out by trying; under the app's CSP (script-src 'self', no 'unsafe-eval') every
 * probe is a reported violation. Zod reads the setting when a schema is built, so every route
 * that may build one imports this before its page's code (AppRoutes.tsx `lazyRoute`).
 */
import { z } from "zod";

z.config({ jitless: true });
