import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The built server refuses a bad configuration at start: it exits with code 1
 * and a message naming the variable, before it listens or touches the database.
 */
const server = fileURLToPath(new URL("../apps/api/dist/server.js", import.meta.url));

function start(env: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "focus-e2e-config-"));
  try {
    const result = spawnSync(process.execPath, [server], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: `sqlite:${join(dir, "focus.db")}`, AUDIO_RENDER: "off", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("server start with a bad configuration", () => {
  it.each([
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://db/focus" }],
    ["TRIAL_DAYS", { TRIAL_DAYS: "-3" }],
    ["SESSION_SECRET", { SESSION_SECRET: "short" }],
  ])("stops with exit code 1 and a message naming %s", (variable, env) => {
    const { status, output } = start(env);
    expect(status).toBe(1);
    expect(output).toContain("Focus app failed to start");
    expect(output).toContain(variable);
    expect(output).not.toContain("listening on");
  });
});
