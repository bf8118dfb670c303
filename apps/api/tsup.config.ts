import { defineConfig } from "tsup";

/**
 * The server as one bundle with its dependencies (`dist/server.js`, and `dist/app.js` for the
 * benches), so a start reads a few files instead of resolving and loading about a thousand
 * modules from node_modules (Kysely alone is hundreds): a start to "listening" took about
 * 1.25 CPU-seconds with the dependencies loaded from node_modules and 0.8 bundled
 * (`docs/testing.md`).
 *
 * Left outside the bundle, loaded from node_modules at run time:
 * - better-sqlite3: a native addon;
 * - @fastify/swagger-ui and @fastify/swagger: read files of their own package folders (the
 *   page's static files, the package's version);
 * - pino-pretty: the development log format, loaded only when asked for (logger.ts);
 * - pg-native: pg's optional native driver, never installed here.
 */
export default defineConfig({
  entry: ["src/server.ts", "src/app.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  sourcemap: true,
  splitting: true,
  // Every package but these (tsup's `external` does not apply to what `noExternal` matches).
  noExternal: [/^(?!(better-sqlite3|@fastify\/swagger|@fastify\/swagger-ui|pino-pretty|pg-native)(\/|$))/],
  // The bundled CommonJS packages call `require` (for Node's built-ins among others), which an
  // ES module does not have: one made for this file.
  banner: { js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);' },
});
