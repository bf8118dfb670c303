/**
 * Child processes of the bench (baseline server, socket clients), run with tsx's loader and
 * stopped by the bench's cleanup even when a section fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { onCleanup, repoRoot } from "./common";

export interface BenchChild {
  process: ChildProcess;
  output: () => string;
  /** Resolves with the first stdout line matching `pattern` (its match), or rejects on exit or timeout. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** SIGTERM, then SIGKILL after 5 s; resolves on exit. */
  stop: () => Promise<void>;
}

/** Starts `node --import tsx <file>` from the repository root, with an IPC channel. */
export function spawnTs(file: string, env: Record<string, string> = {}): BenchChild {
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const stopNow = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  const stop = onCleanup(`child ${file}`, stopNow);
  return {
    process: child,
    output: () => out,
    stop,
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(out);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const onExit = (code: number | null) => {
          cleanup();
          reject(new Error(`${file} exited (${code}) before printing ${pattern}:\n${out}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${file} did not print ${pattern} in ${timeoutMs} ms:\n${out}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          child.stdout?.off("data", check);
          child.off("exit", onExit);
        };
        child.stdout?.on("data", check);
        child.once("exit", onExit);
        check();
      }),
  };
}
