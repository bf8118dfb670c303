import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const coreSource = fileURLToPath(new URL("./packages/core/src/index.ts", import.meta.url));
const coreConstants = fileURLToPath(new URL("./packages/core/src/constants.ts", import.meta.url));
/** Tests run against @focus/core's source, so no build is needed between edits. */
const coreAlias = [
  { find: /^@focus\/core$/, replacement: coreSource },
  { find: /^@focus\/core\/constants$/, replacement: coreConstants },
];

/**
 * The API tests run a second time on PostgreSQL (issue #7 item 2) when a server can be had:
 * FOCUS_TEST_POSTGRES_URL, or Debian's PostgreSQL 15 to start a throwaway one
 * (apps/api/test/postgres.ts), unless FOCUS_TEST_POSTGRES=off. Otherwise the project is left
 * out, and said so, never passed.
 */
const POSTGRES_INITDB = "/usr/lib/postgresql/15/bin/initdb";
const postgresSkipReason =
  process.env.FOCUS_TEST_POSTGRES === "off"
    ? "FOCUS_TEST_POSTGRES=off"
    : process.env.FOCUS_TEST_POSTGRES_URL || existsSync(POSTGRES_INITDB)
      ? null
      : `${POSTGRES_INITDB} not found and FOCUS_TEST_POSTGRES_URL not set`;
const postgresAvailable = postgresSkipReason === null;
if (!postgresAvailable) console.warn(`PostgreSQL tests skipped: ${postgresSkipReason} (project api-pg not run)`);
/**
 * API test files that say nothing about the database engine, so they run on SQLite only:
 * configuration parsing (env), password hashing, and the audio library (files on disk,
 * rendering; CPU-heavy, and the database plays no part).
 */
const ENGINE_FREE_API_TESTS = ["test/env.test.ts", "test/password.test.ts", "test/audio*.test.ts"];

/**
 * The core and web tests run in a zone that is not UTC and has daylight saving, so a local
 * day computed as a UTC day (a session at 23:30 counted for tomorrow) fails here too, not
 * only on a user's machine.
 */
const LOCAL_TIME_ZONE = { TZ: "America/Los_Angeles" };

/**
 * One test run for the whole monorepo, so CI prints one summary line.
 * Unit and API projects run from source; e2e drives the built app in Debian Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "core", root: "packages/core", include: ["src/**/*.test.ts"], environment: "node", env: LOCAL_TIME_ZONE },
      },
      {
        test: { name: "audio", root: "packages/audio", include: ["src/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        resolve: { alias: coreAlias },
        test: {
          name: "api",
          root: "apps/api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          // Two instances relaying through LISTEN/NOTIFY exist on PostgreSQL only (api-pg).
          exclude: ["test/liveInstances.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      ...(postgresAvailable
        ? [
            {
              resolve: { alias: coreAlias },
              test: {
                name: "api-pg",
                root: "apps/api",
                include: ["test/**/*.test.ts"],
                exclude: ENGINE_FREE_API_TESTS,
                globalSetup: ["test/postgresSetup.ts"],
                environment: "node",
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        extends: "apps/web/vite.config.ts",
        resolve: { alias: coreAlias },
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // Room for the 5 s findBy/waitFor limit of src/test/setup.ts on a loaded machine.
          testTimeout: 15_000,
          env: LOCAL_TIME_ZONE,
        },
      },
      {
        resolve: { alias: coreAlias },
        test: { name: "extension", root: "apps/extension", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.e2e.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
