/**
 * A throwaway local PostgreSQL for the `api-pg` test project: a new cluster
 * in a temp directory (`initdb`, run as the `postgres` user when we are root, since initdb
 * refuses root), listening on 127.0.0.1 at a free port with its socket in the same directory,
 * durability switched off (fsync, full-page writes) because the data is thrown away, and no
 * autovacuum: the run makes hundreds of short-lived databases, and the autovacuum workers that
 * visited them cost about 15 of the project's 108 CPU-seconds (`docs/testing.md`).
 * `stop()` stops the server (`pg_ctl stop -m fast`) and deletes the directory; it also runs on
 * process exit, SIGINT and SIGTERM, and a detached watchdog does the same if this process
 * dies without running it (SIGKILL), so no server outlives the test run.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's PostgreSQL 15 binaries. */
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";
/** The binary whose presence means a throwaway server can be started here. */
export const INITDB = path.join(POSTGRES_BIN, "initdb");

export interface ThrowawayPostgres {
  /** Superuser URL of the maintenance database `postgres` (trust auth, no password). */
  url: string;
  port: number;
  /** Stops the server and deletes its directory; idempotent and synchronous. */
  stop: () => void;
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Numeric uid and gid of a system user. @throws Error when `id` cannot resolve it. */
function idsOf(user: string): { uid: number; gid: number } {
  const uid = spawnSync("id", ["-u", user], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", user], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`PostgreSQL tests: no "${user}" user to run initdb as`);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A detached shell that waits for this process to end, then stops the server and removes its
 * directory (a no-op when `stop()` already did: it is killed there).
 */
function startWatchdog(dataDir: string, dir: string, root: boolean): ChildProcess {
  const pgCtl = path.join(POSTGRES_BIN, "pg_ctl");
  const stopCommand = root ? `runuser -u postgres -- ${pgCtl}` : pgCtl;
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `${stopCommand} -D '${dataDir}' stop -m fast -w >/dev/null 2>&1`,
    `rm -rf '${dir}'`,
  ].join("; ");
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  return child;
}

/**
 * Initialises and starts a cluster. `asUser` is "postgres" when running as root.
 * @throws Error with the server log's tail when initdb or pg_ctl fails (the directory is removed).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "focus-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const run = (binary: string, args: string[]) => {
    const command = root ? "runuser" : path.join(POSTGRES_BIN, binary);
    const argv = root ? ["-u", "postgres", "--", path.join(POSTGRES_BIN, binary), ...args] : args;
    return spawnSync(command, argv, { encoding: "utf8", timeout: 60_000 });
  };
  let started = false;
  let stopped = false;
  let watchdog: ChildProcess | null = null;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    watchdog?.kill("SIGKILL");
    if (started) run("pg_ctl", ["-D", dataDir, "stop", "-m", "fast", "-w"]);
    rmSync(dir, { recursive: true, force: true });
  };
  function onSignal(signal: NodeJS.Signals) {
    stop();
    // Re-raise when nobody else handles it, so the process still ends as the signal asked.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }
  process.on("exit", stop);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    if (root) {
      const { uid, gid } = idsOf("postgres");
      chownSync(dir, uid, gid);
    }
    const init = run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync"]);
    if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);
    const port = await freePort();
    const options = [
      "-c listen_addresses=127.0.0.1",
      `-p ${port}`,
      `-k ${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
      "-c autovacuum=off",
    ].join(" ");
    const start = run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
    started = true;
    watchdog = startWatchdog(dataDir, dir, root);
    if (start.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "";
      throw new Error(`pg_ctl start failed (${start.status}): ${start.stderr || start.stdout}\n${log}`);
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
