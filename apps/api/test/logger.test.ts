/**
 * The log (`src/logger.ts`, LOG_FORMAT in `src/env.ts`): JSON lines for machines, readable lines
 * at a terminal, and in both no cookie, authorization header, password or device token.
 */
import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/env";
import { loggerOptions, redactedUrl } from "../src/logger";

describe("LOG_FORMAT", () => {
  it("writes readable lines when stdout is a terminal and JSON otherwise", () => {
    expect(loadConfig({}, "/srv", true).logFormat).toBe("pretty");
    expect(loadConfig({}, "/srv", false).logFormat).toBe("json");
  });

  it("overrides the terminal check either way", () => {
    expect(loadConfig({ LOG_FORMAT: "json" }, "/srv", true).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }, "/srv", false).logFormat).toBe("pretty");
    expect(loadConfig({ LOG_FORMAT: "" }, "/srv", false).logFormat).toBe("json");
  });

  it("refuses another value, naming the variable", () => {
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow('Invalid LOG_FORMAT "xml": must be json or pretty');
  });
});

/** Lines written to the log while one request carrying every secret is served. */
async function logOfSecretRequest(logFormat: "json" | "pretty"): Promise<string> {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ logLevel: "info", logFormat }, destination) });
  app.post("/api/login", async (request) => {
    request.log.info({ body: request.body }, "login attempt");
    request.log.info({ user: { passwordHash: "scrypt$hash-value" } }, "user loaded");
    return { ok: true };
  });
  await app.inject({
    method: "POST",
    url: "/api/login?token=device-token-value",
    headers: { cookie: "focus.sid=cookie-value", authorization: "Bearer bearer-value" },
    payload: { username: "ada", password: "password-value" },
  });
  await app.close();
  // The pretty stream hands its lines on through a pipeline: let it drain.
  await new Promise((resolve) => setImmediate(resolve));
  return lines.join("");
}

const SECRETS = ["cookie-value", "bearer-value", "password-value", "hash-value", "device-token-value"];

describe("redactedUrl", () => {
  it("hides a token however its name is spelled, and keeps every other parameter", () => {
    expect(redactedUrl("/ws/timer?token=abc&tz=UTC")).toBe("/ws/timer?token=[redacted]&tz=UTC");
    for (const name of ["%74oken", "TOKEN", "%54%4F%4B%45%4E", "tok%65n"]) {
      expect(redactedUrl(`/ws/timer?tz=UTC&${name}=secret-value#x`), name).toBe(`/ws/timer?tz=UTC&${name}=[redacted]#x`);
    }
    expect(redactedUrl("/api/sessions?tokens=1&limit=5")).toBe("/api/sessions?tokens=1&limit=5");
    expect(redactedUrl("/api/me")).toBe("/api/me");
  });
});

describe("the log", () => {
  it("is one JSON object a line by default, secrets redacted", async () => {
    const log = await logOfSecretRequest("json");
    const entries = log.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry.msg)).toContain("login attempt");
    expect(entries.find((entry) => entry.msg === "login attempt")).toMatchObject({ body: { username: "ada", password: "[redacted]" } });
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });

  it("is readable lines with LOG_FORMAT=pretty, secrets redacted just the same", async () => {
    const log = await logOfSecretRequest("pretty");
    expect(log).toMatch(/INFO.*: login attempt/);
    expect(log).toContain('"url": "/api/login?token=[redacted]"');
    expect(log).toContain('"password": "[redacted]"');
    expect(() => JSON.parse(log.split("\n")[0] ?? "")).toThrow();
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });
});
