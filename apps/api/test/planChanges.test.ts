import { type LiveMessage } from "@focus/core/protocol";
import { adminUsersResponseSchema } from "@focus/core/schemas";
import { adminBadge } from "@focus/core/subscription";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp } from "./helpers";
import { connect, listen, type LiveTestClient } from "./liveHelpers";

/**
 * Plan changes reach the user's open pages (`docs/api.md`, Live sync: `user_changed`), and the
 * admin ends trials and reads cancellation feedback (`docs/product.md`, People and plans).
 */
describe("plan changes", () => {
  let t: TestApp;
  let origin: string;
  let url: string;
  let admin: string;
  const open: LiveTestClient[] = [];

  beforeEach(async () => {
    t = await createTestApp(ADMIN_ENV);
    const listening = await listen(t.app);
    origin = listening.origin;
    url = `${listening.wsBase}/ws/timer`;
    admin = await loginAdmin(t.app);
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await t.close();
  });

  /** A registered user with one open live connection, settled (its greeting messages taken). */
  async function userWithSocket() {
    const { cookie, res, credentials } = await registerUser(t.app);
    const client = await connect(url, { cookie, origin });
    open.push(client);
    // The account's timer greets every new connection first.
    while ((await client.next()).type !== "account_timer");
    await settle(client);
    return { cookie, id: res.json().user.id as number, username: credentials.username, client };
  }

  /** Takes every message until the pong of a fresh ping, so later messages are new. */
  async function settle(client: LiveTestClient): Promise<void> {
    client.send({ type: "ping" });
    while ((await client.next()).type !== "pong");
  }

  /** The next message that is not a pong or the account's timer (sent on connecting, and on its changes). */
  async function nextNotice(client: LiveTestClient): Promise<LiveMessage> {
    for (;;) {
      const message = await client.next();
      if (message.type !== "pong" && message.type !== "timer_update" && message.type !== "account_timer") return message;
    }
  }

  function post(path: string, cookie: string, payload?: object) {
    return t.app.inject({ method: "POST", url: path, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  async function me(cookie: string) {
    return (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json().user;
  }

  it("tells the user's open pages when the admin activates and then cancels their plan", async () => {
    const user = await userWithSocket();
    expect((await post(`/api/subscription/activate/${user.id}`, admin)).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    expect((await post(`/api/subscription/cancel/${user.id}`, admin)).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
  });

  it("tells only that user: another user's socket hears nothing", async () => {
    const user = await userWithSocket();
    const other = await userWithSocket();
    expect((await post(`/api/subscription/activate/${user.id}`, admin)).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    expect(await other.client.quiet(200)).toBe(true);
  });

  it("tells the user's other devices of their own upgrade request, offer, cancellation and email change", async () => {
    const user = await userWithSocket();
    expect((await post("/api/subscription/upgrade", user.cookie)).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    expect((await post("/api/subscription/offer", user.cookie, { offer: "pause-3-months" })).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    expect((await post(`/api/admin/users/${user.id}/offer/applied`, admin)).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    await post(`/api/subscription/activate/${user.id}`, admin);
    await nextNotice(user.client);
    expect((await post("/api/subscription/cancel", user.cookie, { reason: "Other" })).statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    const email = await t.app.inject({
      method: "PUT",
      url: "/api/user/email",
      headers: { cookie: user.cookie },
      payload: { email: `new-${user.username}@example.com`, currentPassword: "correct-horse" },
    });
    expect(email.statusCode).toBe(200);
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
  });

  it("lets the admin end a running trial: the user is on Free with the trial ended, and is told", async () => {
    const user = await userWithSocket();
    const before = Date.now();
    const res = await post(`/api/subscription/cancel/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Trial ended for user ID ${user.id}` });
    expect(await nextNotice(user.client)).toEqual({ type: "user_changed" });
    const after = await me(user.cookie);
    expect(after).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "trial" });
    expect(Date.parse(after.trialEndDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(after.trialEndDate)).toBeLessThanOrEqual(Date.now());
    // The admin list reads it as an expired trial.
    const list = adminUsersResponseSchema.parse((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } })).json());
    const row = list.find((entry) => entry.id === user.id);
    expect(row && adminBadge(row, Date.now())).toBe("Trial Expired");
  });

  it("refuses with 409 to cancel a user who is already on Free, and tells nobody", async () => {
    const user = await userWithSocket();
    await post(`/api/subscription/cancel/${user.id}`, admin);
    await nextNotice(user.client);
    const again = await post(`/api/subscription/cancel/${user.id}`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: `${user.username} is on the Free plan: there is nothing to cancel` });
    expect(await user.client.quiet(200)).toBe(true);
  });

  it("shows the admin each user's last cancellation with its reason and feedback", async () => {
    const { cookie, res } = await registerUser(t.app);
    const id = res.json().user.id as number;
    const never = await registerUser(t.app);
    await post(`/api/subscription/activate/${id}`, admin);
    await post("/api/subscription/cancel", cookie, { reason: "Too expensive", feedback: "First try." });
    await post(`/api/subscription/activate/${id}`, admin);
    await post("/api/subscription/cancel", cookie, { reason: "Technical issues", feedback: "The timer froze on my phone." });
    const list = adminUsersResponseSchema.parse((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } })).json());
    const row = list.find((user) => user.id === id);
    expect(row?.cancellation).toMatchObject({ reason: "Technical issues", feedback: "The timer froze on my phone." });
    expect(Date.now() - Date.parse(row?.cancellation?.cancelledAt ?? "")).toBeLessThan(60_000);
    expect(list.find((user) => user.id === never.res.json().user.id)?.cancellation).toBeNull();
  });
});
