#!/usr/bin/env node
/**
 * Quick start for a fresh machine that has only Node 20 and npm (README "Quick start").
 *
 *   npm run up     install, build, start the app on the embedded SQLite default
 *   npm run check  install, build, lint (TypeScript's errors included), run every test (unit, API, e2e)
 *
 * pnpm is bootstrapped with `npm i -g pnpm@10` (corepack's signature check fails against
 * some registries); when a global install is not allowed, `npx pnpm@10` is used instead.
 * `check` also installs what the tests need from Debian when it is missing: Chromium (end-to-end
 * tests; also when older than the one playwright-core drives) and PostgreSQL 15 (the API tests
 * on PostgreSQL). As root that runs beside the install and the build, which it does not need.
 * On a machine whose pnpm store holds no build of better-sqlite3, its compile runs beside the
 * build too (`nativeBuildCached`).
 */
import { spawnSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const command = process.argv[2];
if (command !== "up" && command !== "check") {
  console.error("usage: node scripts/bootstrap.mjs up|check");
  process.exit(2);
}

const started = Date.now();
/** Prints a step's title with the time since the command started, so a slow step shows itself. */
const step = (title) => console.log(`\n\u001b[1m==> ${title}\u001b[0m (at ${Math.round((Date.now() - started) / 1000)} s)`);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** What `startBeside` started and has not yet ended. */
const besideRuns = new Set();

/**
 * Starts `cmd` beside the steps that follow, its output going to a file (not a pipe: this script
 * waits on other steps synchronously meanwhile, and a full pipe would stall it). Resolves once it
 * has ended, with whether it succeeded and its output.
 */
function startBeside(cmd, args, options = {}) {
  const logDir = mkdtempSync(join(tmpdir(), "focus-step-"));
  const logFile = join(logDir, "output.log");
  const log = openSync(logFile, "w");
  const child = spawn(cmd, args, { stdio: ["ignore", log, log], ...options });
  closeSync(log);
  const ended = new Promise((resolve) => {
    let done = false;
    const end = (ok, error = "") => {
      if (done) return;
      done = true;
      const output = `${readFileSync(logFile, "utf8")}${error}`;
      rmSync(logDir, { recursive: true, force: true });
      resolve({ ok, output });
    };
    child.on("error", (error) => end(false, `${String(error)}\n`));
    child.on("close", (code) => end(code === 0));
  });
  besideRuns.add(ended);
  void ended.then(() => besideRuns.delete(ended));
  return ended;
}

/**
 * Runs a step; when it fails, says so and exits with its status, once whatever runs beside it has
 * ended (an apt-get stopped half-way would leave dpkg needing repair).
 */
async function runOrExit(cmd, args, what) {
  const status = run(cmd, args);
  if (status !== 0) {
    console.error(`\n${what} failed (exit ${status}). See the output above; README "Troubleshooting" lists common causes.`);
    await Promise.all(besideRuns);
    process.exit(status);
  }
}

function pnpmMajor() {
  const r = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  return r.status === 0 ? Number(r.stdout.trim().split(".")[0]) : null;
}

/** Returns the argv prefix that runs pnpm 10. */
function ensurePnpm() {
  if (pnpmMajor() === 10) return ["pnpm"];
  step("Installing pnpm 10 (npm i -g pnpm@10)");
  if (run("npm", ["i", "-g", "pnpm@10"]) === 0 && pnpmMajor() === 10) return ["pnpm"];
  console.log("Global install not possible; using npx pnpm@10.");
  return ["npx", "--yes", "pnpm@10"];
}

/**
 * The Debian packages `check` needs, each with the file that shows it is installed: Chromium for
 * the end-to-end tests, PostgreSQL 15 for the API tests on PostgreSQL (`api-pg`). The runs at a
 * chosen instant need nothing from Debian: they move the tests' own clock (test/instant.ts).
 */
const CHECK_PACKAGES = [
  // playwright-core 1.64 drives Chromium 156; an older one (stale apt lists) gets the network
  // emulation of the offline tests wrong, so it is upgraded like a missing one.
  { pkg: "chromium", file: "/usr/bin/chromium", current: () => (chromiumMajor() ?? 0) >= MIN_CHROMIUM_MAJOR },
  { pkg: "postgresql-15", file: "/usr/lib/postgresql/15/bin/initdb", current: () => true },
];

/** The oldest Chromium the end-to-end tests run on (the one playwright-core's version matches). */
const MIN_CHROMIUM_MAJOR = 156;

/** The installed Chromium's major version, or null when it does not answer. */
function chromiumMajor() {
  const result = spawnSync("/usr/bin/chromium", ["--version"], { encoding: "utf8" });
  const match = /Chromium (\d+)\./.exec(result.stdout ?? "");
  return match ? Number(match[1]) : null;
}

/** The check's packages that are missing or too old. */
const missingCheckPackages = () => CHECK_PACKAGES.filter(({ file, current }) => !existsSync(file) || !current());

/** Exits, naming what apt-get could not install, when a check package is still missing. */
function exitUnlessInstalled(ok, names) {
  const still = missingCheckPackages();
  if (ok && still.length === 0) return;
  console.error(`Could not install ${still.map(({ pkg, file }) => `${pkg} (${file})`).join(", ") || names.join(", ")}; the tests need them. Install them with apt-get (root or sudo).`);
  process.exit(1);
}

/**
 * Installs the check's packages that are missing or too old with apt-get. As root it runs beside
 * the steps that follow (it downloads and unpacks while pnpm installs and compiles), its output
 * kept in a file and printed once it is done; through sudo, which may ask for a password, it runs
 * first, in the foreground. Returns a function that waits until the packages are there (printing
 * apt-get's output when it ran beside) and exits when they could not be installed.
 */
function installCheckPackages() {
  const missing = missingCheckPackages();
  const names = missing.map(({ pkg }) => pkg);
  if (missing.length === 0) return async () => {};
  const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${names.join(" ")}`;
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    step(`Installing Debian packages for the tests: ${names.join(", ")} (apt-get install)`);
    exitUnlessInstalled(spawnSync("sudo", ["sh", "-c", script], { stdio: "inherit", env: aptEnv }).status === 0, names);
    return async () => {};
  }
  step(`Installing Debian packages for the tests in the background: ${names.join(", ")} (apt-get install; its output follows once it is done)`);
  const ended = startBeside("sh", ["-c", script], { env: aptEnv });
  // Awaited (and so printed, and judged) only where the tests need the packages, when nothing
  // else runs beside: a failure then leaves no other step running.
  return async () => {
    const { ok, output } = await ended;
    step(`Debian packages for the tests: ${names.join(", ")}`);
    writeSync(process.stdout.fd, output);
    exitUnlessInstalled(ok, names);
  };
}

/** The dependency with a native addon, compiled by its install script (node-gyp) unless pnpm's store holds a build of it. */
const NATIVE_PACKAGE = "better-sqlite3";
const NATIVE_ADDON = `apps/api/node_modules/${NATIVE_PACKAGE}/build/Release/better_sqlite3.node`;

/** Whether the API's node_modules already hold the compiled addon (an earlier install in this checkout). */
const nativeAddonBuilt = () => existsSync(NATIVE_ADDON);

/**
 * Whether pnpm's store holds a build of better-sqlite3 for this platform and Node major (pnpm's
 * side-effects cache), which a plain install restores in a second. Read from the store's index
 * (`<store>/index/<xx>/<hash>-better-sqlite3@<version>.json`, whose `sideEffects` keys start with
 * `linux;x64;node20`). A store with no index yet (a new machine) holds none; a layout this cannot
 * read counts as holding one, so it only ever means the plain install.
 */
function nativeBuildCached() {
  try {
    const store = spawnSync(bin, [...pre, "store", "path"], { encoding: "utf8" }).stdout.trim();
    const index = join(store, "index");
    if (!store || !existsSync(index)) return false;
    const platform = `${process.platform};${process.arch};node${process.versions.node.split(".")[0]}`;
    return readdirSync(index).some((dir) =>
      readdirSync(join(index, dir))
        .filter((file) => file.includes(`-${NATIVE_PACKAGE}@`))
        .some((file) => Object.keys(JSON.parse(readFileSync(join(index, dir, file), "utf8")).sideEffects ?? {}).some((key) => key.startsWith(platform))),
    );
  } catch {
    return true;
  }
}

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
process.env = env;
const pnpm = ensurePnpm();
const [bin, ...pre] = pnpm;

const waitForCheckPackages = command === "check" ? installCheckPackages() : async () => {};

let nativeBuild = null;
if (nativeAddonBuilt() || nativeBuildCached()) {
  step("Installing dependencies (pnpm install --frozen-lockfile)");
  await runOrExit(bin, [...pre, "install", "--frozen-lockfile"], "Install");
} else {
  // With no build of better-sqlite3 to restore, its compile (about a minute, one core) runs
  // beside the build, which does not load it, instead of before it.
  step("Installing dependencies without their build scripts (pnpm install --frozen-lockfile --ignore-scripts, then pnpm rebuild -r esbuild)");
  await runOrExit(bin, [...pre, "install", "--frozen-lockfile", "--ignore-scripts"], "Install");
  await runOrExit(bin, [...pre, "rebuild", "-r", "esbuild"], "Install");
  step(`Compiling ${NATIVE_PACKAGE} in the background (pnpm rebuild -r ${NATIVE_PACKAGE}, about a minute; its output follows once it is done)`);
  nativeBuild = startBeside(bin, [...pre, "rebuild", "-r", NATIVE_PACKAGE]);
}

step("Building packages and apps (turbo run build types)");
await runOrExit(bin, [...pre, "run", "build"], "Build");

if (nativeBuild) {
  const { ok, output } = await nativeBuild;
  step(`Compiled ${NATIVE_PACKAGE}`);
  writeSync(process.stdout.fd, output);
  if (!ok || !nativeAddonBuilt()) {
    console.error(`\nCompiling ${NATIVE_PACKAGE} failed. See the output above; README "Troubleshooting" lists common causes.`);
    await Promise.all(besideRuns);
    process.exit(1);
  }
}

if (command === "check") {
  // The lint, which reports TypeScript's errors too, runs inside the tests' schedule
  // (scripts/test.mjs), beside the end-to-end tests, as one of their two busy processes.
  await waitForCheckPackages();
  step("Running every test and the lint with TypeScript's errors (unit, API, end-to-end in Chromium; the date-sensitive ones at two instants)");
  await runOrExit(bin, [...pre, "test", "--check"], "Tests");
  process.exit(0);
}

step("Starting the app");
// The server itself, not through pnpm, so a SIGTERM sent to this script reaches it.
const child = spawn(process.execPath, ["apps/api/dist/server.js"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
