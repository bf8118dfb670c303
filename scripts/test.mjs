#!/usr/bin/env node
/**
 * `pnpm test`: every test in one Vitest run (one summary line), against the built app for
 * the end-to-end project. Extra arguments go to Vitest (e.g. `pnpm test --project core`).
 */
import { spawnSync } from "node:child_process";

const result = spawnSync("pnpm", ["exec", "vitest", "run", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
