#!/usr/bin/env node
/**
 * `pnpm bench`: every benchmark of the project, each printing its own figures. Timings are
 * measured here, never asserted in tests (the machine is noisy). Build first (`pnpm build`).
 * `BENCH_ONLY=audio,http,ws,mem,rooms,js,lighthouse,drift,render,build` (any subset) runs only those; the app's sections and
 * their knobs are described in bench/run.ts and the README's "Benchmarks" section; `build` is
 * the web build's time and its slowest bundler callback (`webBuild` below).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const only = (process.env.BENCH_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const appSections = ["http", "ws", "mem", "rooms", "js", "lighthouse", "drift", "render"];

/**
 * The rows of rolldown's PLUGIN_TIMINGS warning in a build's output (printed when plugins and
 * option callbacks take a large share of the build; only those over 1 s get a row), each as
 * its label (e.g. `plugin vite:css transform`), its time, ms, and its calls.
 */
function pluginTimingRows(output) {
  const plain = stripVTControlCharacters(output);
  const start = plain.indexOf("[PLUGIN_TIMINGS]");
  if (start < 0) return [];
  const rows = [];
  for (const match of plain.slice(start).matchAll(/^\s*- (.+) \(\d+%, ([\d.]+)(ms|s), (\d+) calls?\)$/gm)) {
    rows.push({ label: match[1], ms: Number(match[2]) * (match[3] === "s" ? 1000 : 1), calls: Number(match[4]) });
  }
  return rows;
}

/**
 * The web build once (`pnpm --filter @focus/web build`: `vite build`, then the landing's
 * prerender), printing its wall time, s, and its slowest callback: the chunk grouping callback
 * (`apps/web/chunks.config.ts`, timed inside the build through FOCUS_BUILD_TIMINGS), or a row of
 * rolldown's PLUGIN_TIMINGS warning when one is slower. The build's own output is printed only
 * when it fails. Returns whether the build succeeded.
 */
function webBuild() {
  const dir = mkdtempSync(join(tmpdir(), "focus-bench-build-"));
  const timingFile = join(dir, "chunk-grouping.json");
  try {
    const started = performance.now();
    const result = spawnSync("pnpm", ["--filter", "@focus/web", "build"], {
      cwd: root,
      env: { ...process.env, FOCUS_BUILD_TIMINGS: timingFile },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0) {
      process.stdout.write(output);
      console.log(`web build failed (exit ${result.status ?? result.signal}) after ${seconds.toFixed(1)} s`);
      return false;
    }
    const grouping = JSON.parse(readFileSync(timingFile, "utf8"));
    const callbacks = [{ label: "chunk grouping", ms: grouping.ms, calls: grouping.calls }, ...pluginTimingRows(output)];
    const timed = (row) => `${row.label} ${(row.ms / 1000).toFixed(2)} s (${row.calls} ${row.calls === 1 ? "call" : "calls"})`;
    const slowest = callbacks.reduce((a, b) => (b.ms > a.ms ? b : a));
    const viteSeconds = /built in ([\d.]+)(ms|s)/.exec(stripVTControlCharacters(output));
    const viteNote = viteSeconds ? ` (vite build ${(Number(viteSeconds[1]) / (viteSeconds[2] === "ms" ? 1000 : 1)).toFixed(1)} s, then the landing's prerender)` : "";
    console.log(`web build: ${seconds.toFixed(1)} s${viteNote}; slowest callback: ${timed(slowest)}`);
    const rolldownRows = callbacks.slice(1);
    console.log(
      rolldownRows.length > 0
        ? `rolldown's PLUGIN_TIMINGS: ${rolldownRows.map(timed).join("; ")}`
        : "rolldown's PLUGIN_TIMINGS: no warning (no plugin or option callback took a large share of the build)",
    );
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const benches = [
  {
    name: "Audio render real-time factor (packages/audio)",
    enabled: only.length === 0 || only.includes("audio"),
    cmd: ["pnpm", "--filter", "@focus/audio", "bench"],
  },
  {
    name: "App: HTTP, websocket relay, idle-socket memory, focus rooms, JS per route, timer drift, audio library first start (bench/)",
    enabled: only.length === 0 || only.some((s) => appSections.includes(s)),
    cmd: [process.execPath, "--import", "tsx", "bench/run.ts"],
  },
  {
    // Last: it rebuilds apps/web/dist, which the app's sections serve.
    name: "Web build: wall time and the slowest bundler callback (apps/web)",
    enabled: only.length === 0 || only.includes("build"),
    run: webBuild,
  },
];

let failed = 0;
for (const bench of benches.filter((b) => b.enabled)) {
  console.log(`\n=== ${bench.name}`);
  if (bench.run) {
    if (!bench.run()) failed++;
    continue;
  }
  const result = spawnSync(bench.cmd[0], bench.cmd.slice(1), { stdio: "inherit", cwd: root });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
