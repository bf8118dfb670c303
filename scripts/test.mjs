#!/usr/bin/env node
/**
 * `pnpm test`: every test in one Vitest run (one summary line), against the built app for
 * the end-to-end project. Extra arguments go to Vitest (e.g. `pnpm test --project core`).
 *
 * The API tests run twice: on SQLite (project `api`) and on PostgreSQL (project `api-pg`).
 * For the latter, apps/api/test/postgresSetup.ts starts a throwaway local
 * PostgreSQL 15 (or uses FOCUS_TEST_POSTGRES_URL) and stops it afterwards; without one, or
 * with FOCUS_TEST_POSTGRES=off, vitest.config.ts prints "PostgreSQL tests skipped: …" and
 * leaves the project out.
 */
import { spawnSync } from "node:child_process";

const result = spawnSync("pnpm", ["exec", "vitest", "run", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
