import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, newCredentials, registerUser, type TestApp } from "./helpers";

describe("origin check", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("tells a person who opened the app at another address where it runs, in plain words", async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: "http://127.0.0.1:4311" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "http://localhost:4311", host: "localhost:4311" },
      payload: { username: "someone", password: "secret-words" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "This page was opened at http://localhost:4311, but Focus Flow runs at http://127.0.0.1:4311. Open http://127.0.0.1:4311 instead.",
    });
  });

  it("refuses a state-changing API call from a foreign Origin with 403", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    for (const [method, url] of [
      ["POST", "/api/login"],
      ["POST", "/api/register"],
      ["POST", "/api/logout"],
      ["POST", "/api/settings"],
      ["POST", "/api/sessions"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: "https://evil.example" },
        payload: {},
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: "This page was opened at https://evil.example, but Focus Flow runs at http://localhost:80. Open http://localhost:80 instead." });
    }
    // The logout above was refused, so the session still works.
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin", async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the app's own origin derived from Host, and requests without Origin", async () => {
    t = await createTestApp();
    const same = await t.app.inject({
      method: "POST",
      url: "/api/register",
      headers: { host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      payload: newCredentials(),
    });
    expect(same.statusCode).toBe(201);
    const none = await t.app.inject({ method: "POST", url: "/api/logout" });
    expect(none.statusCode).toBe(200);
  });

  it("compares against PUBLIC_ORIGIN when it is set", async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: "http://focus.test:8080" });
    const good = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { host: "internal:3000", origin: "http://focus.test:8080" },
    });
    expect(good.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { host: "internal:3000", origin: "http://internal:3000" },
    });
    expect(bad.statusCode).toBe(403);
  });

  it("refuses other spellings of an API path that the router decodes to the same route", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    for (const url of ["/%61pi/settings", "/ap%69/settings", "/api//settings"]) {
      const res = await t.app.inject({ method: "POST", url, headers: { cookie, origin: "https://evil.example" }, payload: { focusDuration: 44 } });
      expect(res.statusCode, url).toBe(403);
    }
    const settings = await t.app.inject({ method: "GET", url: "/api/settings", headers: { cookie } });
    expect(settings.json().focusDuration).toBe(25);
  });

  it("lets cross-origin GETs through (they change nothing)", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(200);
  });
});

describe("rate limit", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers the 11th login attempt within a minute from one IP with 429 and Retry-After", async () => {
    t = await createTestApp();
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: "192.0.2.7",
        payload: { username: "nobody", password: "x" },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/too many/i);
  });

  it("limits failed sign-ins per account too: after 10 from three addresses even the right password gets 429; successes are never counted", async () => {
    t = await createTestApp();
    const victim = await registerUser(t.app);
    const other = await registerUser(t.app);
    const attempt = (username: string, password: string, i: number) =>
      t.app.inject({ method: "POST", url: "/api/login", remoteAddress: `198.51.100.${i}`, payload: { username, password } });
    // Ten guesses from three addresses (under each address's own limit).
    for (let i = 0; i < 10; i += 1) expect((await attempt(victim.credentials.username, "wrong-guess", i % 3)).statusCode).toBe(401);
    const limited = await attempt(victim.credentials.username.toUpperCase(), victim.credentials.password, 50);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/too many failed sign-ins for this account/i);
    // Another account signs in as often as it likes.
    for (let i = 0; i < 12; i += 1) expect((await attempt(other.credentials.username, other.credentials.password, 60 + i)).statusCode).toBe(200);
  });

  it("does not trust X-Forwarded-For to pick the client", async () => {
    t = await createTestApp();
    const attempt = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/register",
        remoteAddress: "192.0.2.8",
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        payload: { username: "a", password: "b", email: "c" },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt(i)).statusCode).toBe(400);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it("leaves other routes unlimited", async () => {
    t = await createTestApp();
    for (let i = 0; i < 15; i += 1) {
      const res = await t.app.inject({ method: "GET", url: "/api/health", remoteAddress: "192.0.2.9" });
      expect(res.statusCode).toBe(200);
    }
  });
});
