#!/usr/bin/env node
/**
 * `pnpm bench`: every benchmark of the project, each printing its own figures. Timings are
 * measured here, never asserted in tests (the machine is noisy). Build first (`pnpm build`).
 */
import { spawnSync } from "node:child_process";

const benches = [
  { name: "Audio render real-time factor (packages/audio)", cmd: ["pnpm", "--filter", "@focus/audio", "bench"] },
];

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench.name}`);
  const result = spawnSync(bench.cmd[0], bench.cmd.slice(1), { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
