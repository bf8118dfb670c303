/**
 * Zod without its eval probe. Zod 4 compiles object parsers with `new Function` when it may,
 * and finds out by trying; under the app's CSP (script-src 'self', no 'unsafe-eval') every
 * probe is a reported violation. Imported first by main.tsx, before any schema parses.
 */
import { z } from "zod";

z.config({ jitless: true });
