#!/usr/bin/env node
/**
 * `pnpm test`: every test in one Vitest run (one summary line), against the built app for
 * the end-to-end projects. Extra arguments go to Vitest (e.g. `pnpm test --project core`).
 *
 * `pnpm test --check` is what `npm run check` (and so CI) runs after installing and building:
 * every test once, the ones that depend on the date at two chosen instants, the end-to-end
 * tests on a loaded machine, and the lint with TypeScript's errors (README, "Tests at any hour and under
 * load"):
 * 1. the unit and API projects (core, audio, api, api-pg, web, extension) at the machine's
 *    clock, PostgreSQL required, with the machine to itself. The date-sensitive files of core,
 *    api, web and extension (test/dateSensitive.mjs) are left to the runs at an instant;
 * 2. those date-sensitive files with every file's clock starting at 00:05 UTC on a Sunday (a
 *    new day and a new week), in UTC (test/instant.ts), also with the machine to itself;
 * 3. the end-to-end project, while two busy processes of our own run beside it. They do real
 *    work first: one runs the date-sensitive files again (2 workers) at 23:55 UTC on the
 *    last day of a year with core and web in Pacific/Auckland (13:55 on New Year's Day there: a
 *    local day, month and year that are not UTC's), the other the lint, which reports
 *    TypeScript's errors too (rule `focus/type-errors`, scripts/eslint/typeErrors.js: the type
 *    check from the programs the lint builds anyway, instead of a second `tsc` pass).
 *    Then each keeps a core busy until the end-to-end tests end;
 * 4. the `e2e-alone` project, with the machine to itself (it measures the server under load it
 *    makes itself).
 * Each run prints its own Vitest summary ("Tests N passed"). A run that outlasts its limit
 * (LIMITS_MS) is stopped and fails the check. Every process started here is stopped when the
 * run ends, fails or is interrupted.
 *
 * The check is bound by CPU on a 2-core machine: the runs above cost about 1,100 CPU-seconds
 * (`docs/testing.md` has the figures), so the order keeps both cores busy rather than waiting.
 *
 * The API tests run twice: on SQLite (project `api`) and on PostgreSQL (project `api-pg`).
 * For the latter, apps/api/test/postgresSetup.ts starts a throwaway local PostgreSQL 15 (or uses
 * FOCUS_TEST_POSTGRES_URL); `--check` sets FOCUS_TEST_POSTGRES=required, so a machine without
 * it fails rather than skips them.
 */
import { spawn, spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";

const args = process.argv.slice(2);
const vitest = ["exec", "vitest", "run"];

if (!args.includes("--check")) {
  const result = spawnSync("pnpm", [...vitest, ...args], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}

/** The projects with date-sensitive test files (test/dateSensitive.mjs). */
const DATE_PROJECTS = ["core", "api", "web", "extension"];
/** The unit and API projects. */
const UNIT_PROJECTS = ["core", "audio", "api", "api-pg", "web", "extension"];
/** Per-test limit in the runs beside the end-to-end tests, ms: they share two cores with the browsers (a guard against a hang only). */
const BUSY_TEST_TIMEOUT_MS = 120_000;
/** End-to-end files run side by side, more than Vitest's default: most of their time is spent waiting on a browser, a server or a timer. */
const E2E_WORKERS = 4;

/**
 * The instants the date-sensitive files run at, with the zone of the core and web tests
 * (FOCUS_TEST_TZ; the API and the extension run in UTC). Just after midnight UTC on a Sunday,
 * in UTC: a new day and a new week everywhere. Just before midnight UTC on New Year's Eve, with
 * the pages in Pacific/Auckland, where it is already the afternoon of New Year's Day: a page
 * that counts a UTC day where it means the user's own fails there.
 */
const INSTANTS = [
  { at: "2026-12-06T00:05:00Z", zone: "UTC" },
  { at: "2026-12-31T23:55:00Z", zone: "Pacific/Auckland" },
];

const projects = (names) => names.flatMap((name) => ["--project", name]);

const children = new Set();
const stopAll = () => {
  for (const child of children) {
    try {
      // Each child leads its own process group: its workers, servers and browsers go with it.
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
};
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/**
 * Starts `command` in a process group of its own. Its output is kept and given with the exit
 * status; without `capture` it is also shown as it comes.
 */
function start(command, commandArgs, { env = {}, capture = false } = {}) {
  const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, ...env } });
  children.add(child);
  const chunks = [];
  // Shown as it comes unless captured, and kept either way for the closing digest.
  child.stdout.on("data", (chunk) => {
    chunks.push(chunk);
    if (!capture) process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    chunks.push(chunk);
    if (!capture) process.stderr.write(chunk);
  });
  const done = new Promise((resolve) => {
    child.on("error", (error) => resolve({ status: 1, output: String(error) }));
    child.on("close", (code) => {
      children.delete(child);
      resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString() });
    });
  });
  return { child, done };
}

const started = Date.now();
/** Prints a run's title with the seconds since the tests started. */
const title = (text) => console.log(`\n\u001b[1m==> ${text}\u001b[0m (at ${Math.round((Date.now() - started) / 1000)} s)`);

/**
 * How long each run may take before it is stopped and reported, ms: guards against a hang only,
 * with room for a machine slower than ours (the end-to-end run takes about 6 minutes here, the
 * runs beside it about as long). `beside` is one deadline for all the runs beside the end-to-end tests,
 * counted from their start. Install, build, and these add up to well under CI's 90 minutes.
 */
const LIMITS_MS = { unit: 20 * 60_000, e2e: 45 * 60_000, beside: 45 * 60_000, alone: 5 * 60_000 };

/**
 * Waits for a started run, stopping it when it outlasts `limitMs`: its process group is killed
 * and the outcome says so, so a hang ends the check with the run's own output instead of
 * running into CI's limit.
 */
function withinLimit(run, limitMs, name) {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`\n${name} still running after ${Math.round(limitMs / 60_000)} minutes: stopped (its output so far follows, or came above).`);
    try {
      process.kill(-run.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, limitMs);
  return run.done.then((outcome) => {
    clearTimeout(timer);
    return timedOut ? { status: 1, output: `${outcome.output}\n${name}: stopped after ${Math.round(limitMs / 60_000)} minutes\n` } : outcome;
  });
}

const env = { FOCUS_TEST_POSTGRES: "required" };
/**
 * What a run beside the end-to-end tests adds to Vitest's arguments: room for the load, and two
 * workers, so it uses both cores once the end-to-end tests are done (with one, it ran on alone
 * for two minutes on one core).
 */
const BESIDE = ["--maxWorkers=2", `--testTimeout=${BUSY_TEST_TIMEOUT_MS}`, `--hookTimeout=${BUSY_TEST_TIMEOUT_MS}`];

/**
 * The date-sensitive files of the date projects (FOCUS_TEST_FILES=dated) with every file's
 * clock starting at `at` (test/instant.ts): the process in UTC, the core and web tests in `zone`.
 */
const dateRun = ({ at, zone }, vitestArgs = []) => ({
  name: `Date-sensitive tests (${DATE_PROJECTS.join(", ")}) at ${at}, pages in ${zone}`,
  args: [...vitest, ...projects(DATE_PROJECTS), ...vitestArgs],
  env: { FOCUS_TEST_FILES: "dated", TZ: "UTC", FOCUS_TEST_TZ: zone, FOCUS_TEST_INSTANT: at },
});

/**
 * One busy process beside the end-to-end tests: `runs` one after the other (their output kept,
 * all of them ended by LIMITS_MS.beside from now), then a busy loop until `stop` is called.
 * Resolves with each run's outcome.
 */
function busyProcess(runs) {
  let busy = null;
  let stopped = false;
  const deadline = Date.now() + LIMITS_MS.beside;
  const results = (async () => {
    const runOutcomes = [];
    for (const run of runs) {
      const runStart = Date.now();
      const child = start("pnpm", run.args, { env: { ...run.env, FORCE_COLOR: "1" }, capture: true });
      const outcome = await withinLimit(child, Math.max(60_000, deadline - Date.now()), run.name);
      runOutcomes.push({ name: run.name, seconds: Math.round((Date.now() - runStart) / 1000), ...outcome });
    }
    if (!stopped) busy = start(process.execPath, ["-e", "for (;;) {}"]);
    return runOutcomes;
  })();
  const stop = () => {
    stopped = true;
    if (busy) process.kill(-busy.child.pid, "SIGKILL");
  };
  return { results, stop };
}

let failed = false;
/** Each run's name, exit status, seconds and output, for the closing digest. */
const outcomes = [];

/**
 * A Vitest line naming a failed test or file, the test file's line it failed at, a run stopped
 * at its limit, or ESLint's file, problem (a TypeScript error among them) and count lines.
 */
const FAILURE_LINE = /^\s*(FAIL\b|×|✗|❯ .*\(\d+ tests? \| \d+ failed)|❯ \S+\.(test|e2e)\.tsx?:\d+:\d+|stopped after \d+ minutes|Unhandled (Rejection|Error)|Error: |^\/\S+\.[cm]?[jt]sx?$|^\s+\d+:\d+\s+error\s|^✖ \d+ problems?/;
/** How many lines of a Playwright "Call log:" (what the locator waited for) the digest keeps. */
const CALL_LOG_LINES = 6;

/** The lines of a failed run's output that say what failed, where, and what it waited for. */
function failureLines(output) {
  const all = stripVTControlCharacters(output).split("\n");
  const kept = [];
  all.forEach((line, index) => {
    if (FAILURE_LINE.test(line)) kept.push(line.trim());
    if (/^\s*Call log:/.test(line)) kept.push(...all.slice(index + 1, index + 1 + CALL_LOG_LINES).map((entry) => `  ${entry.trim()}`));
  });
  return [...new Set(kept)];
}

/**
 * The closing digest: every run's status and time, and for a failed run the lines naming what
 * failed (at most 40), so a log cut to its last lines still says which test failed and why.
 */
function printDigest() {
  title("Summary");
  for (const { name, status, seconds, output } of outcomes) {
    console.log(`${status === 0 ? "passed" : "FAILED"}  ${name} (${seconds} s)`);
    if (status === 0) continue;
    const lines = failureLines(output);
    for (const line of lines.slice(0, 40)) console.log(`    ${line.slice(0, 300)}`);
    if (lines.length > 40) console.log(`    … and ${lines.length - 40} more lines`);
  }
}

/** Records a finished run for the digest; returns its exit status. */
function record(name, startedAt, outcome) {
  outcomes.push({ name, status: outcome.status, seconds: Math.round((Date.now() - startedAt) / 1000), output: outcome.output });
  return outcome.status;
}

// Each run runs even when an earlier one failed (`failed ||= run()` would skip it).
const quietRuns = [
  { name: `Unit and API tests (${UNIT_PROJECTS.join(", ")}), date-sensitive files left to the instants`, args: [...vitest, ...projects(UNIT_PROJECTS)], env: { ...env, FOCUS_TEST_FILES: "undated" } },
  dateRun(INSTANTS[0]),
];
for (const run of quietRuns) {
  title(run.name);
  const runStarted = Date.now();
  failed = record(run.name, runStarted, await withinLimit(start("pnpm", run.args, { env: run.env }), LIMITS_MS.unit, run.name)) !== 0 || failed;
}

// The busy processes do work of their own first: the date-sensitive files at the second
// instant, and the lint with TypeScript's errors. Then they loop until the end-to-end tests end.
const besideRuns = [
  [dateRun(INSTANTS[1], BESIDE)],
  [{ name: "Lint and type errors (eslint)", args: ["run", "lint"], env: {} }],
];
title(`End-to-end tests in Chromium, beside two busy processes (${besideRuns.map((runs) => runs.map((run) => run.name).join(", then ")).join("; ")}; then busy loops)`);
const busy = besideRuns.map(busyProcess);
let runStarted = Date.now();
const e2eStatus = record("End-to-end tests", runStarted, await withinLimit(start("pnpm", [...vitest, "--project", "e2e", `--maxWorkers=${E2E_WORKERS}`], { env }), LIMITS_MS.e2e, "The end-to-end run"));
failed = e2eStatus !== 0 || failed;
for (const beside of busy) beside.stop();
console.log("\nWaiting for the runs beside the end-to-end tests to end…");
for (const besideOutcomes of await Promise.all(busy.map((beside) => beside.results))) {
  for (const { name, status, output, seconds } of besideOutcomes) {
    title(name);
    process.stdout.write(output);
    outcomes.push({ name, status, output, seconds });
    failed = status !== 0 || failed;
  }
}

title("End-to-end tests that need the machine to themselves (e2e-alone)");
runStarted = Date.now();
const aloneStatus = record("End-to-end tests alone (e2e-alone)", runStarted, await withinLimit(start("pnpm", [...vitest, "--project", "e2e-alone"], { env }), LIMITS_MS.alone, "The e2e-alone run"));
failed = aloneStatus !== 0 || failed;

printDigest();

title(failed ? "Tests failed" : "Every test passed");
process.exit(failed ? 1 : 0);
