#!/usr/bin/env node
/**
 * `pnpm bench`: every benchmark of the project, each printing its own figures. Timings are
 * measured here, never asserted in tests (the machine is noisy). Build first (`pnpm build`).
 * `BENCH_ONLY=audio,http,ws,mem,rooms,js,lighthouse,drift,render` (any subset) runs only those; the app's sections and
 * their knobs are described in bench/run.ts and the README's "Benchmarks" section.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const only = (process.env.BENCH_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const appSections = ["http", "ws", "mem", "rooms", "js", "lighthouse", "drift", "render"];

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
];

let failed = 0;
for (const bench of benches.filter((b) => b.enabled)) {
  console.log(`\n=== ${bench.name}`);
  const result = spawnSync(bench.cmd[0], bench.cmd.slice(1), { stdio: "inherit", cwd: root });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
