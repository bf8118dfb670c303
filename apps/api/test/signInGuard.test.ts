/**
 * Failed sign-ins (`docs/product.md`, Accounts): counted per account in the database, so the
 * username and the email are one account and every instance sees one counter; a stranger's
 * guesses never lock the owner out of a browser they signed in from before; a stolen session's
 * guesses at the current password count too.
 */
import type { FastifyInstance } from "fastify";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { issueResetLink } from "../src/domain/passwordReset";
import { KNOWN_DEVICE_COOKIE, SIGN_IN_LIMITS } from "../src/security/signInGuard";
import { createTestApp, registerUser, runClockFrom, TEST_ENGINE, type TestApp, uniqueIp } from "./helpers";

/** The known-device cookie a response set, as `name=value`, or undefined. */
function knownDeviceCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** A sign-in from a fresh address (under every per-address limit), with `cookie` if given. */
function signIn(app: FastifyInstance, username: string, password: string, cookie?: string) {
  return app.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: uniqueIp(),
    payload: { username, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe("failed sign-ins", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    vi.unstubAllGlobals();
  });

  it("counts the username and the email as one account: 10 failures spread over both lock it", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i += 1) {
      const typed = i % 2 === 0 ? credentials.username : credentials.email.toUpperCase();
      expect((await signIn(t.app, typed, "wrong-guess")).statusCode).toBe(401);
    }
    const locked = await signIn(t.app, credentials.email, credentials.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBe(SIGN_IN_LIMITS.lockedFirstWaitMs / 1000);
    expect(locked.json().message).toBe("Too many failed sign-ins for this account, please try again in 1 minute");
  });

  it("never shuts the owner out: a stranger who keeps guessing only makes a new browser wait its turn, which then lets the right password in", async () => {
    runClockFrom("2026-12-02T12:00:00Z");
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    const fromAddress = (address: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/login", remoteAddress: address, payload: { username: credentials.username, password } });
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i += 1) await signIn(t.app, credentials.username, "wrong-guess");
    // The stranger's address waits its turn and guesses again when it comes; each wrong guess doubles the next wait.
    expect((await fromAddress("192.0.2.66", "guess-1")).statusCode).toBe(429);
    runClockFrom(Date.now() + SIGN_IN_LIMITS.lockedFirstWaitMs);
    expect((await fromAddress("192.0.2.66", "guess-1")).statusCode).toBe(401);
    const slower = await fromAddress("192.0.2.66", "guess-2");
    expect(slower.statusCode).toBe(429);
    expect(Number(slower.headers["retry-after"])).toBe((2 * SIGN_IN_LIMITS.lockedFirstWaitMs) / 1000);
    // Its turn is its own: another address does not take it, nor guess early.
    expect((await fromAddress("192.0.2.67", "guess-3")).statusCode).toBe(429);
    // The owner's new browser asks, waits its turn (2 minutes now) and gets in with the right password.
    const owner = await fromAddress("198.51.100.7", credentials.password);
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toBe("Too many failed sign-ins for this account, please try again in 2 minutes");
    expect((await fromAddress("198.51.100.7", credentials.password)).statusCode).toBe(429);
    runClockFrom(Date.now() + 2 * SIGN_IN_LIMITS.lockedFirstWaitMs);
    expect((await fromAddress("198.51.100.7", credentials.password)).statusCode).toBe(200);
  });

  it("answers a name no account has exactly as it answers an account (nothing tells whether it exists)", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    const answers = async (username: string) => {
      const seen: Array<[number, string]> = [];
      for (let i = 0; i <= SIGN_IN_LIMITS.accountFailures; i += 1) {
        const res = await signIn(t.app, username, "wrong-guess");
        seen.push([res.statusCode, res.json().message]);
      }
      return seen;
    };
    expect(await answers("nobody-has-this-name")).toEqual(await answers(credentials.username));
  });

  it("lets the owner sign in from a browser they signed in from before while strangers are locked out", async () => {
    t = await createTestApp();
    const { credentials, res } = await registerUser(t.app);
    const ownBrowser = knownDeviceCookie(res);
    expect(ownBrowser).toBeDefined();
    // A stranger fills the account's counter.
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i += 1) await signIn(t.app, credentials.username, "wrong-guess");
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(429);
    // The owner's own browser is not locked out.
    const own = await signIn(t.app, credentials.username, credentials.password, ownBrowser);
    expect(own.statusCode).toBe(200);
    // Another account's known-device cookie is no pass for this one.
    const other = await registerUser(t.app);
    const borrowed = await signIn(t.app, credentials.username, credentials.password, knownDeviceCookie(other.res));
    expect(borrowed.statusCode).toBe(429);
    // Nor is a forged one.
    const forged = await signIn(t.app, credentials.username, credentials.password, `${KNOWN_DEVICE_COOKIE}=1.abcdefghijklmnop.forged`);
    expect(forged.statusCode).toBe(429);
  });

  it("makes a known browser wait after 5 failures, 1 s doubling, and lets it try again once the wait is over", async () => {
    t = await createTestApp();
    const { credentials, res } = await registerUser(t.app);
    const ownBrowser = knownDeviceCookie(res);
    for (let i = 0; i < SIGN_IN_LIMITS.knownDeviceFreeFailures; i += 1) {
      expect((await signIn(t.app, credentials.username, "wrong-guess", ownBrowser)).statusCode).toBe(401);
    }
    const waiting = await signIn(t.app, credentials.username, credentials.password, ownBrowser);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("1");
    expect(waiting.json().message).toBe("Too many failed sign-ins, please wait 1 second before trying again");
    // The wait is over (the last failure moved back in time): the right password works.
    await t.app.db
      .updateTable("rate_counters")
      .set({ updated_at: Date.now() - 1500 })
      .where("key", "like", "sign-in-device:%")
      .execute();
    expect((await signIn(t.app, credentials.username, credentials.password, ownBrowser)).statusCode).toBe(200);
    // None of that counted against the account for other browsers.
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(200);
  });

  it("counts a signed-in session's wrong current passwords: the account locks, and so do those checks", async () => {
    t = await createTestApp();
    const { credentials, cookie } = await registerUser(t.app);
    const asSession = (method: "PUT" | "DELETE", url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, remoteAddress: uniqueIp(), payload });
    // Wrong answers through all three routes that check the current password.
    for (let i = 0; i < 4; i += 1) {
      expect((await asSession("PUT", "/api/user/password", { currentPassword: `guess-${i}`, newPassword: "new-secret-1" })).statusCode).toBe(400);
    }
    for (let i = 0; i < 4; i += 1) expect((await asSession("DELETE", "/api/user", { password: `guess-d${i}` })).statusCode).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      expect((await asSession("PUT", "/api/user/email", { email: `x${i}@example.com`, currentPassword: `guess-e${i}` })).statusCode).toBe(400);
    }
    // The account is locked for sign-ins from browsers it does not know...
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(429);
    // ...and the session cannot go on guessing, not even with the right password.
    const more = await asSession("PUT", "/api/user/password", { currentPassword: credentials.password, newPassword: "new-secret-1" });
    expect(more.statusCode).toBe(429);
    expect(more.json().message).toBe("Too many wrong passwords for this account, please try again in 15 minutes");
    expect(Number(more.headers["retry-after"])).toBeGreaterThan(0);
    expect((await asSession("DELETE", "/api/user", { password: credentials.password })).statusCode).toBe(429);
  });

  it("lifts the lock once the owner resets the password, and knows that browser from then on", async () => {
    t = await createTestApp();
    const { credentials, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i += 1) await signIn(t.app, credentials.username, "wrong-guess");
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(429);
    const link = await issueResetLink(t.app.db, userId, "admin");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password-reset/complete",
      remoteAddress: uniqueIp(),
      payload: { token: link?.token, password: "a-fresh-start-7" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(knownDeviceCookie(reset)).toBeDefined();
    expect((await signIn(t.app, credentials.username, "a-fresh-start-7")).statusCode).toBe(200);
  });

  it("clears the counter on a successful sign-in", async () => {
    t = await createTestApp();
    const { credentials } = await registerUser(t.app);
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures - 1; i += 1) await signIn(t.app, credentials.username, "wrong-guess");
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures - 1; i += 1) {
      expect((await signIn(t.app, credentials.username, "wrong-guess")).statusCode).toBe(401);
    }
    expect((await signIn(t.app, credentials.username, credentials.password)).statusCode).toBe(200);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("limits shared by two instances on one PostgreSQL", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("locked on one instance is locked on the other, and B allows no more guesses", async () => {
    t = await createTestApp();
    const a = t.app;
    const b = await t.rebuild();
    const { credentials } = await registerUser(a);
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i += 1) {
      expect((await signIn(i % 2 === 0 ? a : b, credentials.username, "wrong-guess")).statusCode).toBe(401);
    }
    expect((await signIn(a, credentials.username, credentials.password)).statusCode).toBe(429);
    expect((await signIn(b, credentials.username, credentials.password)).statusCode).toBe(429);
    expect((await signIn(b, credentials.username, "another-guess")).statusCode).toBe(429);
  });

  it("counts one address's attempts on both instances against one per-address limit", async () => {
    t = await createTestApp();
    const a = t.app;
    const b = await t.rebuild();
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: "POST", url: "/api/login", remoteAddress: "192.0.2.77", payload: { username: `nobody${Math.random()}`, password: "x" } });
    for (let i = 0; i < 10; i += 1) expect((await attempt(i % 2 === 0 ? a : b)).statusCode).toBe(401);
    const limited = await attempt(b);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt(a)).statusCode).toBe(429);
  });
});
