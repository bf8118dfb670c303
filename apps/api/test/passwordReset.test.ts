/**
 * Password reset (`docs/product.md`, Forgotten password; `docs/api.md`, Password reset): the
 * API sends real mail through SMTP_URL to an SMTP server in this process (smtpSink.ts), and
 * the tests read the mail and use its link as the user would.
 */
import { Writable } from "node:stream";
import { PASSWORD_RESET_INVALID_MESSAGE, PASSWORD_RESET_NO_MAIL_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from "@focus/core/schemas";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { focusApp } from "../src/app";
import { loadConfig } from "../src/env";
import { LIVE_CLOSE_CODES } from "../src/live/hub";
import { loggerOptions } from "../src/logger";
import {
  ADMIN_ENV,
  type TestApp,
  createTestApp,
  login,
  loginAdmin,
  registerUser,
  sessionCookie,
  uniqueIp,
} from "./helpers";
import { connect, type LiveTestClient, listen } from "./liveHelpers";
import { resetLinkOf, type SmtpSink, startSmtpSink } from "./smtpSink";

const PUBLIC_ORIGIN = "http://focus.test:8080";
const NEW_PASSWORD = "a-brand-new-secret";

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => sink.close());
afterEach(async () => t?.close());

/** An app that mails reset links to the sink. */
function appWithMail(extra: Record<string, string> = {}) {
  return createTestApp({ ...ADMIN_ENV, SMTP_URL: sink.url(), PUBLIC_ORIGIN, ...extra });
}

function requestReset(app: FastifyInstance, login: string, remoteAddress = uniqueIp()) {
  return app.inject({ method: "POST", url: "/api/password-reset/request", payload: { login }, remoteAddress });
}

function completeReset(app: FastifyInstance, token: string, password = NEW_PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url: "/api/password-reset/complete", payload: { token, password }, headers, remoteAddress: uniqueIp() });
}

/** Asks for a reset of `login` and returns the token of the mail that arrives at `email`. */
async function mailedToken(app: FastifyInstance, login: string, email: string): Promise<string> {
  const res = await requestReset(app, login);
  expect(res.statusCode).toBe(200);
  return resetLinkOf(await sink.nextMailTo(email)).token;
}

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

describe("password reset by email", () => {
  it("mails a link that sets a new password, signs this browser in and every other login out", async () => {
    t = await appWithMail();
    const { cookie: otherBrowser, credentials, res: registered } = await registerUser(t.app);
    const device = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie: otherBrowser }, payload: { name: "Chrome" } });
    const deviceToken: string = device.json().token;

    const asked = await requestReset(t.app, credentials.username);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    const mail = await sink.nextMailTo(credentials.email);
    expect(mail.subject).toBe("Reset your Focus Flow password");
    expect(mail.from.replaceAll('"', "")).toBe("Focus Flow <no-reply@focus.test>");
    const { url, token } = resetLinkOf(mail);
    // Built from PUBLIC_ORIGIN, the token in the fragment (never sent to a server).
    expect(url).toBe(`${PUBLIC_ORIGIN}/reset-password#${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(credentials.username);
    expect(mail.text).toMatch(/ignore this mail/);
    expect(mail.text).toMatch(/30 minutes/);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toMatch(/ignore this mail/);

    const check = await t.app.inject({ method: "POST", url: "/api/password-reset/check", payload: { token }, remoteAddress: uniqueIp() });
    expect(check.statusCode).toBe(200);

    // The browser that opens the link came with a session of its own: it gets a fresh id.
    const done = await completeReset(t.app, token, NEW_PASSWORD, { cookie: otherBrowser });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: registered.json().user.id, username: credentials.username });
    const fresh = sessionCookie(done);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(otherBrowser);
    expect((await me(t.app, fresh ?? "")).statusCode).toBe(200);
    expect((await me(t.app, otherBrowser)).statusCode).toBe(401);
    const byDevice = await t.app.inject({
      method: "GET",
      url: "/api/blocked-sites",
      headers: { authorization: `Bearer ${deviceToken}`, origin: "chrome-extension://x" },
    });
    expect(byDevice.statusCode).toBe(401);

    await expect(login(t.app, credentials.username, credentials.password)).rejects.toThrow("401");
    expect(await login(t.app, credentials.email, NEW_PASSWORD)).toBeDefined();
    // The table holds the token's hash only.
    const rows = await t.app.db.selectFrom("password_resets").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("takes the email as the login too, in any case", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const token = await mailedToken(t.app, credentials.email.toUpperCase(), credentials.email);
    expect((await completeReset(t.app, token)).statusCode).toBe(200);
  });

  it("lets a link work once, and kills the user's other links when one is used", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const first = await mailedToken(t.app, credentials.username, credentials.email);
    const second = await mailedToken(t.app, credentials.username, credentials.email);
    expect((await completeReset(t.app, second)).statusCode).toBe(200);
    for (const token of [second, first]) {
      const again = await completeReset(t.app, token, "yet-another-secret");
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    }
    expect(await login(t.app, credentials.username, NEW_PASSWORD)).toBeDefined();
  });

  it("kills the user's unused links when they change their password or email, or sign out everywhere", async () => {
    t = await appWithMail();
    const { cookie, credentials } = await registerUser(t.app);
    const put = (url: string, payload: object) => t.app.inject({ method: "PUT", url, headers: { cookie }, payload, remoteAddress: uniqueIp() });
    const beforePassword = await mailedToken(t.app, credentials.username, credentials.email);
    expect((await put("/api/user/password", { currentPassword: credentials.password, newPassword: "changed-by-me-1" })).statusCode).toBe(200);
    expect((await completeReset(t.app, beforePassword)).statusCode).toBe(410);

    const beforeEmail = await mailedToken(t.app, credentials.username, credentials.email);
    expect((await put("/api/user/email", { email: "moved@example.com", currentPassword: "changed-by-me-1" })).statusCode).toBe(200);
    expect((await completeReset(t.app, beforeEmail)).statusCode).toBe(410);

    const beforeSignOut = await mailedToken(t.app, credentials.username, "moved@example.com");
    const signOut = await t.app.inject({ method: "POST", url: "/api/user/logout-all", headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await completeReset(t.app, beforeSignOut)).statusCode).toBe(410);
    expect(await login(t.app, credentials.username, "changed-by-me-1")).toBeDefined();
  });

  it("lets only one of two simultaneous uses of a link win", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const token = await mailedToken(t.app, credentials.username, credentials.email);
    const results = await Promise.all([completeReset(t.app, token, "racer-number-one"), completeReset(t.app, token, "racer-number-two")]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 410]);
  });

  it("refuses a link after 30 minutes, with the same message as an unknown one", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const token = await mailedToken(t.app, credentials.username, credentials.email);
    // 30 minutes and one second later: the row's dates moved back instead of the clock forward.
    const past = (iso: string) => new Date(new Date(iso).getTime() - (30 * 60 + 1) * 1000).toISOString();
    const row = await t.app.db.selectFrom("password_resets").selectAll().executeTakeFirstOrThrow();
    await t.app.db.updateTable("password_resets").set({ created_at: past(row.created_at), expires_at: past(row.expires_at) }).execute();
    const expired = await completeReset(t.app, token);
    const unknown = await completeReset(t.app, "A".repeat(43));
    const malformed = await completeReset(t.app, "not-a-token");
    for (const res of [expired, unknown, malformed]) expect(res.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    expect([expired.statusCode, unknown.statusCode]).toEqual([410, 410]);
    expect(malformed.statusCode).toBe(400);
    const check = await t.app.inject({ method: "POST", url: "/api/password-reset/check", payload: { token }, remoteAddress: uniqueIp() });
    expect(check.statusCode).toBe(410);
    expect(await login(t.app, credentials.username, credentials.password)).toBeDefined();
  });

  it("refuses a common or short password as registration does, and keeps the link usable", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const token = await mailedToken(t.app, credentials.username, credentials.email);
    const common = await completeReset(t.app, token, "password123");
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe("This password is too common and easy to guess. Please choose another one.");
    const short = await completeReset(t.app, token, "abc");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6 characters/);
    expect((await completeReset(t.app, token)).statusCode).toBe(200);
  });

  it("closes the live connections of the sessions it ends", async () => {
    t = await appWithMail();
    const { wsBase } = await listen(t.app);
    const { cookie, credentials } = await registerUser(t.app);
    const socket: LiveTestClient = await connect(`${wsBase}/ws/timer`, { cookie, origin: PUBLIC_ORIGIN });
    try {
      const token = await mailedToken(t.app, credentials.username, credentials.email);
      expect((await completeReset(t.app, token)).statusCode).toBe(200);
      expect(await socket.closed).toEqual({ code: LIVE_CLOSE_CODES.unauthorized, reason: "Signed out" });
    } finally {
      socket.ws.terminate();
    }
  });

  it("answers an unknown account exactly as a known one, and mails nobody", async () => {
    // Behind one proxy hop, so the HTTP requests below each come from an address of their own.
    t = await appWithMail({ TRUST_PROXY: "1" });
    const { credentials } = await registerUser(t.app);
    const before = sink.mails.length;
    const known = await requestReset(t.app, credentials.username);
    await sink.nextMailTo(credentials.email);
    const unknown = await requestReset(t.app, "nobody-here@example.com");
    const strip = (headers: Record<string, unknown>) => {
      const { date: _date, "x-ratelimit-remaining": _remaining, "x-ratelimit-reset": _reset, ...rest } = headers;
      return rest;
    };
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(strip(unknown.headers)).toEqual(strip(known.headers));
    // Measured over real HTTP, not asserted (a busy machine): the answer leaves before any lookup.
    const { origin } = await listen(t.app);
    const timings: Record<string, number[]> = { known: [], unknown: [] };
    const pair = [["known", credentials.email], ["unknown", "nobody@example.com"]] as const;
    for (let round = 0; round < 8; round += 1) {
      // Alternating which goes first, so neither always meets the other's leftover work.
      for (const [name, loginName] of round % 2 === 0 ? pair : [...pair].reverse()) {
        const start = performance.now();
        const res = await fetch(`${origin}/api/password-reset/request`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
          body: JSON.stringify({ login: loginName }),
        });
        expect(await res.text()).toBe(known.body);
        timings[name]?.push(Math.round((performance.now() - start) * 100) / 100);
        // The known account's mail leaves after the answer (two more within the hour's three).
        if (name === "known" && round < 2) await sink.nextMailTo(credentials.email);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log("reset request answer over HTTP, ms (known vs unknown account):", timings, "medians:", median(timings.known ?? []), median(timings.unknown ?? []));
    await t.close();
    // Every mail the app sent has arrived once it has closed (close waits for them): the known
    // account's three, nothing for the unknown one.
    expect(sink.mails.slice(before).map((mail) => mail.to)).toEqual([[credentials.email], [credentials.email], [credentials.email]]);
  });

  it("sends an account at most 3 mails an hour, with the same answer after that", async () => {
    t = await appWithMail();
    const { credentials } = await registerUser(t.app);
    const before = sink.mails.length;
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await requestReset(t.app, credentials.username)).body);
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ message: PASSWORD_RESET_SENT_MESSAGE })]));
    await t.close();
    expect(sink.mails.slice(before).filter((mail) => mail.to.includes(credentials.email))).toHaveLength(3);
    // Links made more than an hour ago no longer count.
    t = await appWithMail();
    const later = await registerUser(t.app);
    const userId: number = later.res.json().user.id;
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    for (let i = 0; i < 3; i += 1) {
      await t.app.db
        .insertInto("password_resets")
        .values({
          user_id: userId,
          token_hash: `old-${i}-${Math.random()}`,
          channel: "email",
          created_at: hourAgo.toISOString(),
          expires_at: new Date(hourAgo.getTime() + 30 * 60 * 1000).toISOString(),
          used_at: null,
        })
        .execute();
    }
    await mailedToken(t.app, later.credentials.username, later.credentials.email);
  });

  it("counts the hour's 3 mails across instances sharing the database", async () => {
    t = await appWithMail();
    const second = await t.rebuild();
    const { credentials } = await registerUser(t.app);
    const before = sink.mails.length;
    await Promise.all([t.app, second, t.app, second, t.app, second].map((app) => requestReset(app, credentials.username)));
    await t.close();
    expect(sink.mails.slice(before).filter((mail) => mail.to.includes(credentials.email))).toHaveLength(3);
  });

  it("limits requests per address: the 6th in 15 minutes gets 429 with Retry-After", async () => {
    t = await appWithMail();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(t.app, `someone${i}`, ip)).statusCode).toBe(200);
    const limited = await requestReset(t.app, "someone", ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestReset(t.app, "someone", uniqueIp())).statusCode).toBe(200);
  });

  it("limits uses of links per address: the 11th in a minute gets 429 with Retry-After", async () => {
    t = await appWithMail();
    const ip = uniqueIp();
    const use = () =>
      t.app.inject({ method: "POST", url: "/api/password-reset/complete", payload: { token: "B".repeat(43), password: NEW_PASSWORD }, remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) expect((await use()).statusCode).toBe(410);
    const limited = await use();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("says whether links go out by email", async () => {
    t = await appWithMail();
    expect((await t.app.inject({ method: "GET", url: "/api/password-reset" })).json()).toEqual({ byEmail: true });
  });

  it("logs neither the token, the link, nor the SMTP password", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    t = await createTestApp({ SMTP_URL: sink.url({ user: "mailer", password: "smtp-pass-XYZ" }), PUBLIC_ORIGIN });
    // A second app on the same database and config, logging at debug level into `lines`.
    const app = Fastify({ logger: loggerOptions({ ...t.config, logLevel: "debug" }, destination) });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(focusApp, { config: t.config });
    try {
      const { credentials } = await registerUser(app);
      const token = await mailedToken(app, credentials.username, credentials.email);
      expect((await completeReset(app, token)).statusCode).toBe(200);
      expect((await completeReset(app, token)).statusCode).toBe(410);
    } finally {
      await app.close();
    }
    expect(sink.logins).toContain("mailer");
    const log = lines.join("");
    expect(log).toContain("password reset mail sent");
    expect(log).not.toContain("smtp-pass-XYZ");
    expect(log).not.toContain("/reset-password#");
    const tokens = sink.mails.map((mail) => resetLinkOf(mail).token);
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe("mail configuration", () => {
  it("refuses to start with SMTP_URL but no PUBLIC_ORIGIN, and never echoes SMTP_URL", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/SMTP_URL needs PUBLIC_ORIGIN/);
    expect(() => loadConfig({ SMTP_URL: "http://user:secret-pw@mail.example.com" })).toThrow(/^Invalid SMTP_URL: must be an smtp/);
    try {
      loadConfig({ SMTP_URL: "http://user:secret-pw@mail.example.com" });
    } catch (error) {
      expect(String(error)).not.toContain("secret-pw");
    }
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com", PUBLIC_ORIGIN, MAIL_FROM: "Focus <hi@example.com>" }).mail).toEqual({
      smtpUrl: "smtps://u:p@mail.example.com",
      from: "Focus <hi@example.com>",
    });
    expect(() => loadConfig({ SMTP_URL: "smtps://mail.example.com", PUBLIC_ORIGIN, MAIL_FROM: "not an address" })).toThrow(/Invalid MAIL_FROM/);
  });
});

describe("password reset without SMTP_URL", () => {
  it("tells the asker to ask the admin, and mails nothing", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { credentials } = await registerUser(t.app);
    const res = await requestReset(t.app, credentials.username);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_NO_MAIL_MESSAGE });
    expect((await t.app.inject({ method: "GET", url: "/api/password-reset" })).json()).toEqual({ byEmail: false });
    expect(await t.app.db.selectFrom("password_resets").selectAll().execute()).toEqual([]);
  });

  it("gives the admin a link for a user that works like a mailed one", async () => {
    t = await createTestApp({ ...ADMIN_ENV, PUBLIC_ORIGIN });
    const { cookie: userCookie, credentials, res: registered } = await registerUser(t.app);
    const id: number = registered.json().user.id;
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/admin/users/${id}/reset-link`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(201);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/reset-password#[A-Za-z0-9_-]{43}$`));
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const token = url.slice(url.indexOf("#") + 1);
    expect((await completeReset(t.app, token)).statusCode).toBe(200);
    expect((await me(t.app, userCookie)).statusCode).toBe(401);
    // The admin's own session is untouched.
    expect((await me(t.app, admin)).statusCode).toBe(200);
    expect((await completeReset(t.app, token)).statusCode).toBe(410);
    await expect(login(t.app, credentials.username, credentials.password)).rejects.toThrow("401");
    expect(await login(t.app, credentials.username, NEW_PASSWORD)).toBeDefined();
  });

  it("gives the link as a path when the server has no PUBLIC_ORIGIN", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { res: registered } = await registerUser(t.app);
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/admin/users/${registered.json().user.id}/reset-link`, headers: { cookie: admin } });
    expect(res.json().url).toMatch(/^\/reset-password#[A-Za-z0-9_-]{43}$/);
  });

  it("refuses the admin route to anyone but the admin, and for an unknown user", async () => {
    t = await createTestApp(ADMIN_ENV);
    const victim = await registerUser(t.app);
    const other = await registerUser(t.app);
    const url = `/api/admin/users/${victim.res.json().user.id}/reset-link`;
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);
    for (const cookie of [other.cookie, victim.cookie]) {
      expect((await t.app.inject({ method: "POST", url, headers: { cookie } })).statusCode).toBe(403);
    }
    expect(await t.app.db.selectFrom("password_resets").selectAll().execute()).toEqual([]);
    const admin = await loginAdmin(t.app);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/users/999999/reset-link", headers: { cookie: admin } })).statusCode).toBe(404);
  });

  it("refuses the admin route with 409 when the server mails links itself, unless the account has no email", async () => {
    t = await appWithMail();
    const { res: registered } = await registerUser(t.app);
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/admin/users/${registered.json().user.id}/reset-link`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Forgot password\?/);
    // An account without an email has no mailbox to prove itself with: the admin's link is its way.
    await t.app.db.updateTable("users").set({ email: null }).where("id", "=", registered.json().user.id).execute();
    const noEmail = await t.app.inject({ method: "POST", url: `/api/admin/users/${registered.json().user.id}/reset-link`, headers: { cookie: admin } });
    expect(noEmail.statusCode).toBe(201);
    expect(noEmail.json().url).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/reset-password#`));
  });
});
