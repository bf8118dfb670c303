import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/env";
import { resolveSessionSecret } from "../src/security/sessionSecret";

describe("loadConfig", () => {
  it("uses the documented defaults for an empty environment", () => {
    const config = loadConfig({}, "/srv/focus");
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      database: { dialect: "sqlite", file: "/srv/focus/data/focus.db" },
      sessionSecret: null,
      sessionSecretFile: "/srv/focus/data/session-secret",
      adminUsername: "admin",
      adminPassword: null,
      publicOrigin: null,
      trialDays: 14,
      paymentUrl: null,
      interviewUrl: null,
      supportEmail: "support@focusflow.app",
      logLevel: "info",
      trustProxy: false,
      scryptN: 2 ** 17,
    });
    expect(config.webDist.endsWith(path.join("apps", "web", "dist"))).toBe(true);
  });

  it("reads every variable and treats empty strings as unset", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        DATABASE_URL: "sqlite:///var/lib/focus/app.db",
        SESSION_SECRET: "s".repeat(40),
        ADMIN_USERNAME: "chief",
        ADMIN_PASSWORD: "secret-pw",
        PUBLIC_ORIGIN: "https://focus.example.com/",
        TRIAL_DAYS: "7",
        PAYMENT_URL: "https://pay.example.com/x",
        INTERVIEW_URL: "",
        SUPPORT_EMAIL: "help@focus.example.com",
        WEB_DIST: "web",
        LOG_LEVEL: "debug",
        TRUST_PROXY: "1",
        SCRYPT_N: "1024",
      },
      "/srv",
    );
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      database: { file: "/var/lib/focus/app.db" },
      sessionSecretFile: "/var/lib/focus/session-secret",
      adminUsername: "chief",
      publicOrigin: "https://focus.example.com",
      trialDays: 7,
      paymentUrl: "https://pay.example.com/x",
      interviewUrl: null,
      supportEmail: "help@focus.example.com",
      webDist: "/srv/web",
      logLevel: "debug",
      trustProxy: 1,
      scryptN: 1024,
    });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ TRIAL_DAYS: "-1" }, "TRIAL_DAYS"],
    [{ TRIAL_DAYS: "1.5" }, "TRIAL_DAYS"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ PUBLIC_ORIGIN: "focus.example.com" }, "PUBLIC_ORIGIN"],
    [{ PUBLIC_ORIGIN: "https://focus.example.com/app" }, "PUBLIC_ORIGIN"],
    [{ PAYMENT_URL: "javascript:alert(1)" }, "PAYMENT_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SUPPORT_EMAIL: "support" }, "SUPPORT_EMAIL"],
    [{ ADMIN_USERNAME: "a b" }, "ADMIN_USERNAME"],
    [{ ADMIN_PASSWORD: "123" }, "ADMIN_PASSWORD"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ DATABASE_URL: "mysql://db/focus" }, "DATABASE_URL"],
    [{ DATABASE_URL: "sqlite:" }, "DATABASE_URL"],
    [{ SCRYPT_N: "1000" }, "SCRYPT_N"],
    [{ SCRYPT_N: "512" }, "SCRYPT_N"],
    [{ SCRYPT_N: String(2 ** 21) }, "SCRYPT_N"],
    [{ SCRYPT_N: "cheap" }, "SCRYPT_N"],
  ])("names the variable in the error for %o", (env, name) => {
    expect(() => loadConfig(env)).toThrowError(name);
  });

  it("takes SCRYPT_N as any power of two from 2^10 to 2^20", () => {
    expect(loadConfig({ SCRYPT_N: "" }).scryptN).toBe(2 ** 17);
    expect(loadConfig({ SCRYPT_N: String(2 ** 10) }).scryptN).toBe(2 ** 10);
    expect(loadConfig({ SCRYPT_N: String(2 ** 20) }).scryptN).toBe(2 ** 20);
    expect(() => loadConfig({ SCRYPT_N: "3000" })).toThrowError(/^Invalid SCRYPT_N "3000": must be a power of two/);
  });

  it("never echoes a bad secret or password in the error", () => {
    expect(() => loadConfig({ SESSION_SECRET: "tiny-secret" })).toThrowError(/^(?!.*tiny-secret).*SESSION_SECRET/);
    expect(() => loadConfig({ ADMIN_PASSWORD: "abc" })).toThrowError(/^(?!.*"abc").*ADMIN_PASSWORD/);
  });

  it("switches to PostgreSQL for a postgres:// or postgresql:// URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@db/focus" }, "/srv/focus");
    expect(config.database).toEqual({ dialect: "postgres", url: "postgres://u:p@db/focus" });
    expect(config.sessionSecretFile).toBe("/srv/focus/data/session-secret");
    expect(loadConfig({ DATABASE_URL: "postgresql://db:5433/focus" }).database).toEqual({
      dialect: "postgres",
      url: "postgresql://db:5433/focus",
    });
  });

  it("refuses a PostgreSQL URL without a host and never echoes its password", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u:hunter2@/focus" })).toThrowError(/^(?!.*hunter2).*DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://db/focus" })).toThrowError("DATABASE_URL");
  });
});

describe("session secret", () => {
  it("generates a secret of 32+ characters once, stores it privately and reuses it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "focus-secret-"));
    try {
      const file = path.join(dir, "nested", "session-secret");
      const first = resolveSessionSecret(null, file);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, "utf8").trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveSessionSecret(null, file)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prefers SESSION_SECRET over the file", () => {
    expect(resolveSessionSecret("x".repeat(32), "/nonexistent/dir/secret")).toBe("x".repeat(32));
  });
});
