import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, login, newCredentials, registerUser, type TestApp, uniqueIp } from "./helpers";
import { EXTENSION_ORIGIN } from "./liveHelpers";

describe("profile: email and password", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  function putEmail(user: { cookie: string; credentials: { password: string } }, email: unknown, currentPassword = user.credentials.password) {
    return t.app.inject({ method: "PUT", url: "/api/user/email", headers: { cookie: user.cookie }, payload: { email, currentPassword } });
  }

  function putPassword(cookie: string, payload: object, remoteAddress = uniqueIp()) {
    return t.app.inject({ method: "PUT", url: "/api/user/password", headers: { cookie }, payload, remoteAddress });
  }

  it("changes the email and answers with the updated user", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const { cookie, credentials } = registered;
    const res = await putEmail(registered, "new.address@example.com");
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: credentials.username, email: "new.address@example.com" });
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.json().user.email).toBe("new.address@example.com");
    // The new address logs in; the old one no longer does.
    expect(await login(t.app, "new.address@example.com", credentials.password)).toBeDefined();
    await expect(login(t.app, credentials.email, credentials.password)).rejects.toThrow("401");
  });

  it("refuses an email another account uses, in any letter case, with 409", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await putEmail(b, a.credentials.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Email already registered" });
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: b.cookie } });
    expect(me.json().user.email).toBe(b.credentials.email);
  });

  it("accepts the user's own email again, e.g. in another letter case", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const res = await putEmail(registered, registered.credentials.email.toUpperCase());
    const { credentials } = registered;
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(credentials.email.toUpperCase());
  });

  it("refuses a missing or invalid email with 400 and the form's message", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    for (const email of ["not-an-email", "", 42, undefined]) {
      const res = await putEmail(registered, email);
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json().issues[0].path).toBe("email");
    }
    expect((await putEmail(registered, "nope")).json().message).toBe("Please enter a valid email address");
  });

  it("changes the email only with the account's password: a wrong or missing one gets 400 and changes nothing", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const wrong = await putEmail(registered, "thief@example.com", "not-the-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Current password is incorrect");
    const missing = await t.app.inject({ method: "PUT", url: "/api/user/email", headers: { cookie: registered.cookie }, payload: { email: "thief@example.com" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Current password is required");
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: registered.cookie } });
    expect(me.json().user.email).toBe(registered.credentials.email);
  });

  it("limits email changes to 5 per account in 15 minutes, from any address: the sixth gets 429 with Retry-After", async () => {
    t = await createTestApp();
    const registered = await registerUser(t.app);
    const attempt = (n: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/user/email",
        headers: { cookie: registered.cookie },
        remoteAddress: `10.2.0.${n}`,
        payload: { email: `guess${n}@example.com`, currentPassword: `guess-${n}` },
      });
    for (let n = 1; n <= 5; n++) expect((await attempt(n)).statusCode).toBe(400);
    const limited = await attempt(6);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await registerUser(t.app);
    expect((await putEmail(other, "other.new@example.com")).statusCode).toBe(200);
  });

  it("refuses a common password or one of spaces as a new password, at sign-up and on a change, with 400", async () => {
    t = await createTestApp();
    for (const password of ["password123", "QWERTY123", "iloveyou", "      ", "  a b c   "]) {
      const res = await t.app.inject({ method: "POST", url: "/api/register", remoteAddress: uniqueIp(), payload: { ...newCredentials(), password } });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toMatch(/^(This password is too common and easy to guess\. Please choose another one\.|Password must have at least 6 characters that are not spaces)$/);
    }
    const { cookie, credentials } = await registerUser(t.app);
    const common = await putPassword(cookie, { currentPassword: credentials.password, newPassword: "letmein1" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe("This password is too common and easy to guess. Please choose another one.");
    const blank = await putPassword(cookie, { currentPassword: credentials.password, newPassword: "\t\t      " });
    expect(blank.json().message).toBe("Password must have at least 6 characters that are not spaces");
    expect(await login(t.app, credentials.username, credentials.password)).toBeDefined();
  });

  it("changes the password, keeps this session, signs out every other browser and unlinks the devices", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const otherBrowser = await login(t.app, credentials.username, credentials.password);
    const device = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
    const token: string = device.json().token;
    const res = await putPassword(cookie, { currentPassword: credentials.password, newPassword: "brand-new-secret" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Password updated. Your other browsers and linked devices were signed out." });
    expect(res.body).not.toMatch(/scrypt|hash/i);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: otherBrowser } })).statusCode).toBe(401);
    const byDevice = await t.app.inject({ method: "GET", url: "/api/blocked-sites", headers: { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN } });
    expect(byDevice.statusCode).toBe(401);
    expect(await login(t.app, credentials.username, "brand-new-secret")).toBeDefined();
    await expect(login(t.app, credentials.username, credentials.password)).rejects.toThrow("401");
  });

  it("signs out every other browser and device on request, keeping this one", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const otherBrowser = await login(t.app, credentials.username, credentials.password);
    await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
    const res = await t.app.inject({ method: "POST", url: "/api/user/logout-all", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Signed out of your other browsers and linked devices" });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: otherBrowser } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/linked-devices", headers: { cookie } })).json()).toEqual([]);
  });

  it("refuses a wrong current password with 400, changes nothing and logs nobody out", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const res = await putPassword(cookie, { currentPassword: "not-my-password", newPassword: "brand-new-secret" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Current password is incorrect" });
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    expect(await login(t.app, credentials.username, credentials.password)).toBeDefined();
  });

  it("refuses a new password shorter than 6 characters or a missing field with 400", async () => {
    t = await createTestApp();
    const { cookie, credentials } = await registerUser(t.app);
    const short = await putPassword(cookie, { currentPassword: credentials.password, newPassword: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 6 characters");
    for (const payload of [{}, { currentPassword: credentials.password }, { newPassword: "brand-new-secret" }]) {
      expect((await putPassword(cookie, payload)).statusCode).toBe(400);
    }
    expect(await login(t.app, credentials.username, credentials.password)).toBeDefined();
  });

  it("limits password-change attempts per client address", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const guess = () => putPassword(cookie, { currentPassword: "guess-guess", newPassword: "brand-new-secret" }, "192.0.2.77");
    for (let i = 0; i < 10; i += 1) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts/);
  });

  it("changes only the caller's own account", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, newCredentials("other"));
    await putEmail(b, "b.changed@example.com");
    const meA = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: a.cookie } });
    expect(meA.json().user.email).toBe(a.credentials.email);
  });
});
