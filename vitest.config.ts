import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { dateSensitiveFiles } from "./test/dateSensitive.mjs";

const coreSource = fileURLToPath(new URL("./packages/core/src/", import.meta.url));
/**
 * Tests run against @focus/core's source, so no build is needed between edits: a subpath
 * (`@focus/core/timer`) is its folder's index.ts, or the file of that name (`/constants`).
 */
const coreAlias = [{ find: /^@focus\/core\/(.+)$/, replacement: `${coreSource}$1` }];
/** Starts each test file's clock at FOCUS_TEST_INSTANT when set (the runs at a chosen instant). */
const AT_INSTANT = fileURLToPath(new URL("./test/instant.ts", import.meta.url));

/**
 * Which files of the date projects (core, api, web, extension) run: FOCUS_TEST_FILES=dated keeps
 * only the date-sensitive ones (test/dateSensitive.mjs), as `npm run check` runs them at its two
 * chosen instants; =undated leaves those out, for its run at the machine's clock; unset, all.
 */
function datedFiles(project: "core" | "api" | "web" | "extension", include: string[], exclude: string[] = []) {
  const selection = process.env.FOCUS_TEST_FILES;
  if (selection === "dated") return { include: dateSensitiveFiles(project), exclude };
  if (selection === "undated") return { include, exclude: [...exclude, ...dateSensitiveFiles(project)] };
  if (selection) throw new Error(`FOCUS_TEST_FILES must be "dated" or "undated", not ${selection}`);
  return { include, exclude };
}

/**
 * The API tests run a second time on PostgreSQL when a server can be had:
 * FOCUS_TEST_POSTGRES_URL, or Debian's PostgreSQL 15 to start a throwaway one
 * (apps/api/test/postgres.ts), unless FOCUS_TEST_POSTGRES=off. Otherwise the project is left
 * out, and said so, never passed; with FOCUS_TEST_POSTGRES=required (`npm run check`) the run
 * stops instead.
 */
const POSTGRES_INITDB = "/usr/lib/postgresql/15/bin/initdb";
const postgresSkipReason =
  process.env.FOCUS_TEST_POSTGRES === "off"
    ? "FOCUS_TEST_POSTGRES=off"
    : process.env.FOCUS_TEST_POSTGRES_URL || existsSync(POSTGRES_INITDB)
      ? null
      : `${POSTGRES_INITDB} not found and FOCUS_TEST_POSTGRES_URL not set`;
const postgresAvailable = postgresSkipReason === null;
if (!postgresAvailable && process.env.FOCUS_TEST_POSTGRES === "required") {
  throw new Error(`PostgreSQL tests cannot run: ${postgresSkipReason} (install Debian's postgresql-15, or set FOCUS_TEST_POSTGRES_URL)`);
}
if (!postgresAvailable) console.warn(`PostgreSQL tests skipped: ${postgresSkipReason} (project api-pg not run)`);
/**
 * API test files that say nothing about the database engine, so they run on SQLite only:
 * configuration parsing (env, config), password hashing, the audio library (files on disk,
 * rendering; CPU-heavy), HTTP plumbing (health and static files, request timeouts, security
 * headers, the OpenAPI document, logging, the extension package) and in-memory parts (the
 * session cookie signer, the SQLite statement cache, group commit and the session page cache,
 * the live hub).
 */
const ENGINE_FREE_API_TESTS = [
  "test/env.test.ts",
  "test/config.test.ts",
  "test/password.test.ts",
  "test/audio*.test.ts",
  "test/health.test.ts",
  "test/requestTimeout.test.ts",
  "test/securityHeaders.test.ts",
  "test/apiDocs.test.ts",
  "test/logger.test.ts",
  "test/extensionZip.test.ts",
  "test/extensionOrigin.test.ts",
  "test/sessionSigner.test.ts",
  "test/statementCache.test.ts",
  "test/groupCommit.test.ts",
  "test/sessionPageCache.test.ts",
  "test/liveHub.test.ts",
];

/**
 * The SQLite API test files of a worker share one module graph instead of importing the app again
 * per file (about 1 s each, half the projects' time). They keep no state in modules between
 * tests: every test builds its own app (helpers.ts); password.test.ts sets the hashing cost
 * it checks, since the apps of earlier files set theirs (SCRYPT_N).
 */
const API_ISOLATE = false;

/**
 * The core and web tests run in a zone that is not UTC and has daylight saving, so a local
 * day computed as a UTC day (a session at 23:30 counted for tomorrow) fails here too, not
 * only on a user's machine. The runs at a chosen instant (`scripts/test.mjs --check`) set
 * FOCUS_TEST_TZ=UTC, so the instant just after or before midnight UTC is local midnight too.
 */
const LOCAL_TIME_ZONE = { TZ: process.env.FOCUS_TEST_TZ ?? "America/Los_Angeles" };

/**
 * Test files run side by side, one more than the cores: Vitest's default (cores - 1) is one worker
 * on a 2-core machine, and even one per core left a core idle while a file waited on a server or
 * a timer. On 2 cores the date-sensitive files at one instant took 113 s with 2 workers, 102 s
 * with 3 (the same 191-194 CPU-seconds); the other unit and API files 141 s and 136 s.
 */
const WORKERS = availableParallelism() + 1;

/**
 * What the e2e projects share: the built app driven from Node, with room for browsers and servers.
 * `expect.poll` waits up to 20 s, not Vitest's 1 s: the e2e files run side by side with their
 * servers and browsers, and a clean-clone CI run once saw a reloaded page take longer than 1 s
 * to show the running timer (it takes about 0.2 s on an idle machine); beside busy processes
 * (load average 20 and more) a page took over 10 s. A poll that passes returns at once, so only a
 * failing one waits that long.
 */
const E2E = {
  root: "e2e",
  environment: "node",
  // Only guards against a hang: beside busy processes the route fuzzer and the offline test that
  // stops and restarts its server took over 120 s (about 55 s and 35 s on a quiet machine).
  testTimeout: 300_000,
  hookTimeout: 300_000,
  expect: { poll: { timeout: 20_000 } },
} as const;
/**
 * e2e files that need the machine to themselves: the fault and load suite measures how the
 * server behaves under load it makes itself (SIGTERM drain within DRAIN_TIMEOUT_MS, the
 * event-loop overload guard at 50 ms, 1,000 reconnects); next to another file's browser its
 * production-cost logins outlasted the 7 s drain (seen in the first parallel run).
 */
const E2E_ALONE = ["faults.e2e.ts"];

/**
 * Node options of every test worker: a young generation of 64 MiB instead of V8's default, so the
 * garbage collector runs less often under these allocation-heavy tests (React rendering into a
 * DOM, building apps and their serializers). The date-sensitive web files at one instant went from
 * 66-68 to 63 CPU-seconds; the lint (`pnpm lint`, which sets the same) from 105-109 to 98.
 */
const WORKER_EXEC_ARGV = ["--max-semi-space-size=64"];

/**
 * One test run for the whole monorepo, so CI prints one summary line.
 * Unit and API projects run from source; e2e drives the built app in Debian Chromium.
 */
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        // Pure functions and charts, no module state between files: one module graph per worker.
        test: { name: "core", execArgv: WORKER_EXEC_ARGV, root: "packages/core", ...datedFiles("core", ["src/**/*.test.ts"]), environment: "node", env: LOCAL_TIME_ZONE, isolate: false, setupFiles: [AT_INSTANT] },
      },
      {
        test: { name: "audio", execArgv: WORKER_EXEC_ARGV, root: "packages/audio", include: ["src/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        resolve: { alias: coreAlias },
        test: {
          name: "api",
          execArgv: WORKER_EXEC_ARGV,
          root: "apps/api",
          // Two instances relaying through LISTEN/NOTIFY exist on PostgreSQL only (api-pg).
          ...datedFiles("api", ["src/**/*.test.ts", "test/**/*.test.ts"], ["test/liveInstances.test.ts"]),
          environment: "node",
          testTimeout: 20_000,
          isolate: API_ISOLATE,
          setupFiles: [AT_INSTANT],
        },
      },
      ...(postgresAvailable
        ? [
            {
              resolve: { alias: coreAlias },
              test: {
                name: "api-pg",
                execArgv: WORKER_EXEC_ARGV,
                root: "apps/api",
                include: ["test/**/*.test.ts"],
                exclude: ENGINE_FREE_API_TESTS,
                globalSetup: ["test/postgresSetup.ts"],
                environment: "node",
                // A shared module graph per worker, as for SQLite, so the worker's spare databases
                // (helpers.ts) serve every file. Isolated, each file imported the app again (30 s
                // of the project's 95 s). An earlier shared run once lost a worker to a client a
                // file left connected; none is left now (checked: every closed test app's database
                // had no other connection when it was emptied).
                isolate: false,
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
          execArgv: WORKER_EXEC_ARGV,
          root: "apps/web",
          ...datedFiles("web", ["src/**/*.test.{ts,tsx}"]),
          // happy-dom: when each test file started in a fresh worker, jsdom's import alone took about
          // 0.5 s of it, and happy-dom cut the web files' CPU by about a quarter (the
          // date-sensitive ones 194 to 140 CPU-seconds at one instant). The two files that need
          // what happy-dom lacks (a disabled fieldset's controls matching `:disabled`; an iframe's
          // window to post messages to) ask for jsdom in their first line.
          environment: "happy-dom",
          // The libraries the pages load, each pre-bundled into one file (Vitest's dependency
          // optimizer) instead of read module by module: with a fresh worker per file, the
          // date-sensitive web files at one instant went from 146 to 134 CPU-seconds. A library
          // left off the list still loads, the slower way.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "@testing-library/react", "@testing-library/dom", "@testing-library/user-event", "@radix-ui/react-dialog", "@radix-ui/react-label", "@radix-ui/react-slot", "@radix-ui/react-tabs", "@radix-ui/react-toast", "@tanstack/react-query", "@xstate/react", "xstate", "lucide-react", "react-router-dom", "react-hook-form", "@hookform/resolvers/zod", "recharts", "zod", "idb", "clsx", "tailwind-merge", "class-variance-authority"],
              },
            },
          },
          // A worker's files share one module graph: the libraries load once per worker, and the
          // first setup file drops the app's own modules (and with them any module a previous file's
          // vi.mock reached), the storage, the document, timers and spies before each file. The
          // date-sensitive web files at one instant went from 132 to 70-71 CPU-seconds (76 s to 39 s).
          isolate: false,
          // The last setup file turns React's owner stacks off (src/test/ownerStacks.ts): about 11 %
          // of these tests' CPU, read by none of them.
          setupFiles: ["src/test/fresh.ts", AT_INSTANT, "src/test/setup.ts", "src/test/ownerStacks.ts"],
          // Limits against hangs only, with room for a loaded machine: a test waits on several
          // findBy/waitFor queries (60 s each at most, src/test/setup.ts); hooks unmount a page
          // or clear an outbox.
          testTimeout: 180_000,
          hookTimeout: 60_000,
          env: LOCAL_TIME_ZONE,
        },
      },
      {
        resolve: { alias: coreAlias },
        test: { name: "extension", execArgv: WORKER_EXEC_ARGV, root: "apps/extension", ...datedFiles("extension", ["src/**/*.test.ts"]), environment: "node", setupFiles: [AT_INSTANT] },
      },
      {
        test: {
          ...E2E,
          name: "e2e",
          execArgv: WORKER_EXEC_ARGV,
          include: ["**/*.e2e.ts"],
          // A worker's files share one module graph: playwright-core, the harness and
          // @focus/core load once per worker instead of once per file (import time 49 s to 13 s
          // over the project; about 30 CPU-seconds less). No e2e module keeps state a file relies
          // on: each file starts its own servers and browser in its hooks.
          isolate: false,
          exclude: E2E_ALONE,
          // Files run side by side: each starts its own servers on ports the system picks
          // (harness.ts), its own Chromium and temp directories (instances.e2e.ts its own
          // PostgreSQL). They run after the unit and API projects (a group of their own), so
          // their timers and browsers share the machine with each other only.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...E2E,
          name: "e2e-alone",
          execArgv: WORKER_EXEC_ARGV,
          include: E2E_ALONE,
          // Last, one file at a time, with the machine to itself.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
