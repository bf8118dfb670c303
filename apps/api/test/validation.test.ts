import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp, uniqueIp } from "./helpers";

/** Every bad request must get a 4xx JSON `{ message }`, never a 500 or a stack trace. */
async function expectClientError(app: FastifyInstance, options: InjectOptions, status = 400) {
  const res = await app.inject({ remoteAddress: uniqueIp(), ...options });
  const label = `${options.method} ${options.url} ${String(options.payload ?? "")}`;
  expect(res.statusCode, label).toBe(status);
  expect(res.headers["content-type"], label).toContain("application/json");
  const body = res.json();
  expect(typeof body.message, label).toBe("string");
  expect(body.message.length, label).toBeGreaterThan(0);
  expect(res.body, label).not.toMatch(/\bat .+\.(ts|js):\d+/);
  return body as { message: string; issues?: { path: string; message: string }[] };
}

const POST_ROUTES = ["/api/register", "/api/login", "/api/settings", "/api/sessions", "/api/logout"];

describe("bad input on every route", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => t.close());

  it.each(POST_ROUTES)("refuses malformed JSON on POST %s with 400", async (url) => {
    const body = await expectClientError(t.app, {
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/json" },
      payload: '{"username": "abc", ',
    });
    expect(body.message).toBe("Request body is not valid JSON");
  });

  it.each(POST_ROUTES)("refuses a non-JSON content type on POST %s with 400", async (url) => {
    await expectClientError(t.app, {
      method: "POST",
      url,
      headers: { cookie, "content-type": "text/plain" },
      payload: "username=abc",
    });
  });

  it.each(POST_ROUTES.filter((url) => url !== "/api/logout"))("refuses a JSON array or null on POST %s", async (url) => {
    for (const payload of ["[]", "null", '"text"', "42"]) {
      await expectClientError(t.app, {
        method: "POST",
        url,
        headers: { cookie, "content-type": "application/json" },
        payload,
      });
    }
  });

  it("refuses a body over 64 KB with 413", async () => {
    await expectClientError(
      t.app,
      { method: "POST", url: "/api/settings", headers: { cookie }, payload: { theme: "x".repeat(70 * 1024) } },
      413,
    );
  });

  it("refuses registration with missing fields, wrong types, a bad email or a short password", async () => {
    const good = { username: "validname", password: "secret-pw", email: "v@example.com" };
    const cases: [object, string][] = [
      [{}, "username"],
      [{ ...good, username: undefined }, "username"],
      [{ ...good, username: "ab" }, "username"],
      [{ ...good, username: "bad name!" }, "username"],
      [{ ...good, username: 123 }, "username"],
      [{ ...good, password: "12345" }, "password"],
      [{ ...good, password: 123456 }, "password"],
      [{ ...good, email: "not-an-email" }, "email"],
      [{ ...good, email: undefined }, "email"],
    ];
    for (const [payload, path] of cases) {
      const body = await expectClientError(t.app, { method: "POST", url: "/api/register", payload });
      expect(body.issues?.[0]?.path, JSON.stringify(payload)).toBe(path);
      expect(body.message).toBe(body.issues?.[0]?.message);
    }
    const short = await expectClientError(t.app, {
      method: "POST",
      url: "/api/register",
      payload: { ...good, username: "ab" },
    });
    expect(short.message).toBe("Username must be at least 3 characters");
    const email = await expectClientError(t.app, {
      method: "POST",
      url: "/api/register",
      payload: { ...good, email: "nope" },
    });
    expect(email.message).toBe("Please enter a valid email address");
  });

  it("refuses login with missing fields or wrong types", async () => {
    for (const payload of [{}, { username: "someone" }, { password: "secret-pw" }, { username: 5, password: "x" }, { username: "ab", password: "secret-pw" }]) {
      await expectClientError(t.app, { method: "POST", url: "/api/login", payload });
    }
  });

  it("refuses settings with wrong types or unknown choices", async () => {
    for (const payload of [
      { focusDuration: "25" },
      { focusDuration: 25.5 },
      { shortBreakDuration: 0 },
      { longBreakInterval: 7 },
      { autoStartBreaks: "yes" },
      { notificationSound: "horn" },
      { theme: "blue" },
    ]) {
      const body = await expectClientError(t.app, { method: "POST", url: "/api/settings", headers: { cookie }, payload });
      expect(body.issues?.[0]?.path).toBe(Object.keys(payload)[0]);
    }
  });

  it("refuses sessions with missing fields, wrong types or bad dates", async () => {
    const good = { startTime: "2026-03-01T09:00:00Z", duration: 1500, type: "focus", completed: true };
    for (const payload of [
      {},
      { ...good, startTime: undefined },
      { ...good, startTime: "yesterday" },
      { ...good, startTime: "2026-13-01T09:00:00Z" },
      { ...good, startTime: "2026-03-01" },
      { ...good, duration: -1 },
      { ...good, duration: 1.5 },
      { ...good, duration: "1500" },
      { ...good, duration: 10 ** 9 },
      { ...good, type: "nap" },
      { ...good, completed: "true" },
    ]) {
      await expectClientError(t.app, { method: "POST", url: "/api/sessions", headers: { cookie }, payload });
    }
  });

  it("refuses a session range with missing or bad dates, or a start after the end", async () => {
    const cases: [string, string][] = [
      ["", "startDate"],
      ["startDate=2026-03-01T00:00:00Z", "endDate"],
      ["startDate=garbage&endDate=2026-03-01T00:00:00Z", "startDate"],
      ["startDate=2026-03-01T00:00:00Z&endDate=2026-02-30T00:00:00Z", "endDate"],
      ["startDate=2026-03-02T00:00:00Z&endDate=2026-03-01T00:00:00Z", "endDate"],
    ];
    for (const [query, path] of cases) {
      const body = await expectClientError(t.app, {
        method: "GET",
        url: `/api/sessions/range?${query}`,
        headers: { cookie },
      });
      expect(body.issues?.[0]?.path, query).toBe(path);
    }
    const reversed = await expectClientError(t.app, {
      method: "GET",
      url: "/api/sessions/range?startDate=2026-03-02T00:00:00Z&endDate=2026-03-01T00:00:00Z",
      headers: { cookie },
    });
    expect(reversed.message).toBe("startDate must not be after endDate");
  });

  it("answers 401 before validating the body of a protected route", async () => {
    for (const [method, url] of [
      ["GET", "/api/settings"],
      ["POST", "/api/settings"],
      ["GET", "/api/sessions"],
      ["POST", "/api/sessions"],
      ["GET", "/api/sessions/range?startDate=bad"],
      ["GET", "/api/me"],
    ] as const) {
      const body = await expectClientError(t.app, { method, url, payload: method === "POST" ? { bad: true } : undefined }, 401);
      expect(body).toEqual({ message: "Not authenticated" });
    }
  });
});
