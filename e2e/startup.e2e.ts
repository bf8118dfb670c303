import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, launchBrowser, removeDataDir, startServer } from "./harness";

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

describe("server start", () => {
  it("prints the address people should open (PUBLIC_ORIGIN when set, else localhost), and a page opened elsewhere says so", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const withOrigin = await startServer({ port, env: { PUBLIC_ORIGIN: origin } });
    try {
      expect(withOrigin.output()).toContain(`Focus app listening on port ${port}: open ${origin}\n`);
      expect(withOrigin.output()).not.toContain("localhost");
    } finally {
      await withOrigin.stop();
      removeDataDir(withOrigin.dataDir);
    }
    // Opened at localhost instead, signing in says what to do, in plain words.
    const browser = await launchBrowser();
    const again = await startServer({ port, env: { PUBLIC_ORIGIN: origin } });
    try {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${port}/auth?tab=login`);
      await page.getByLabel("Username or Email").fill("someone");
      await page.getByLabel("Password").fill("calm-focus-42");
      await page.getByRole("button", { name: "Sign In" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Focus Flow runs at" });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(`This page was opened at http://localhost:${port}, but Focus Flow runs at ${origin}. Open ${origin} instead.`);
    } finally {
      await browser.close();
      await again.stop();
      removeDataDir(again.dataDir);
    }
    const plain = await startServer();
    try {
      expect(plain.output()).toContain(`Focus app listening on port ${plain.port}: open http://localhost:${plain.port}\n`);
    } finally {
      await plain.stop();
      removeDataDir(plain.dataDir);
    }
  });
});
