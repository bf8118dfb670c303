import { adminUsersResponseSchema } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp, userRow } from "./helpers";

const CANCEL_BODY = { reason: "Too expensive", feedback: "Great app, but money is tight.", email: "updates@example.com" };

describe("subscription: upgrade, cancel, admin activation", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** Activates premium for the user through the admin call, as after a payment. */
  async function activate(userId: number) {
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/subscription/activate/${userId}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
  }

  function cancel(cookie: string, payload: object = CANCEL_BODY) {
    return t.app.inject({ method: "POST", url: "/api/subscription/cancel", headers: { cookie }, payload });
  }

  async function me(cookie: string) {
    return (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json().user;
  }

  it("answers an upgrade with the payment link, keeps the plan and notes the request for the admin", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/subscription/upgrade", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paypalUrl: ADMIN_ENV.PAYMENT_URL, requested: true });
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "trial" });

    const admin = await loginAdmin(t.app);
    const list = adminUsersResponseSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } })).json(),
    );
    const row = list.find((user) => user.id === registered.json().user.id);
    expect(Date.now() - Date.parse(row?.upgradeRequestedAt ?? "")).toBeLessThan(60_000);
  });

  it("records an upgrade without PAYMENT_URL and answers 200 with no link, for the team to write to the user", async () => {
    t = await createTestApp({ ADMIN_PASSWORD: ADMIN_ENV.ADMIN_PASSWORD });
    const { cookie, credentials } = await registerUser(t.app);
    const before = Date.now();
    const res = await t.app.inject({ method: "POST", url: "/api/subscription/upgrade", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paypalUrl: null, requested: true });
    const requestedAt = (await userRow(t.app, credentials.username)).upgrade_requested_at;
    expect(Date.parse(requestedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    // The user reads it back, and the plan stays as it was.
    const mine = await t.app.inject({ method: "GET", url: "/api/subscription", headers: { cookie } });
    expect(mine.json()).toEqual({ upgradeRequestedAt: requestedAt, offer: null });
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "trial" });
  });

  it("lets an admin activate premium, which clears the upgrade request", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, credentials, res: registered } = await registerUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/subscription/upgrade", headers: { cookie } });
    const id = registered.json().user.id;
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Subscription activated for user ID ${id}` });
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "premium", subscriptionStatus: "active" });
    expect((await userRow(t.app, credentials.username)).upgrade_requested_at).toBeNull();
  });

  it("cancels an active premium: free plan, status cancelled, reason, feedback and email stored", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const id = registered.json().user.id;
    await activate(id);
    const res = await cancel(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id, subscriptionPlan: "free", subscriptionStatus: "cancelled" });
    expect(await me(cookie)).toEqual(res.json().user);
    const rows = await t.app.db.selectFrom("cancellations").selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        user_id: id,
        reason: CANCEL_BODY.reason,
        feedback: CANCEL_BODY.feedback,
        email: CANCEL_BODY.email,
        created_at: expect.any(String),
      },
    ]);
  });

  it("stores an empty feedback and no email when the user gave none", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    await activate(registered.json().user.id);
    expect((await cancel(cookie, { reason: "Other", email: "" })).statusCode).toBe(200);
    const row = await t.app.db.selectFrom("cancellations").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: "Other", feedback: "", email: null });
  });

  it("refuses to cancel without an active premium (trial, or already cancelled) with 409", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const onTrial = await cancel(cookie);
    expect(onTrial.statusCode).toBe(409);
    expect(onTrial.json()).toEqual({ message: "You have no active premium subscription to cancel" });
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "trial" });

    await activate(registered.json().user.id);
    expect((await cancel(cookie)).statusCode).toBe(200);
    expect((await cancel(cookie)).statusCode).toBe(409);
    expect(await t.app.db.selectFrom("cancellations").selectAll().execute()).toHaveLength(1);
  });

  it("refuses a cancellation without a reason, or with a bad email, with 400", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    await activate(registered.json().user.id);
    const noReason = await cancel(cookie, { feedback: "x" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toBe("reason");
    expect((await cancel(cookie, { reason: "  " })).json().message).toBe("Please select a reason for cancelling");
    expect((await cancel(cookie, { reason: "Other", email: "nope" })).statusCode).toBe(400);
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "premium", subscriptionStatus: "active" });
  });

  it("lets an admin cancel any user's subscription", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const id = registered.json().user.id;
    await activate(id);
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: "POST", url: `/api/subscription/cancel/${id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Subscription cancelled for user ID ${id}` });
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "cancelled" });
  });

  it("refuses to let the admin cancel or activate their own plan with 409, and changes nothing", async () => {
    t = await createTestApp(ADMIN_ENV);
    const admin = await loginAdmin(t.app);
    const { id } = await userRow(t.app, "admin");
    const before = await me(admin);
    expect(before).toMatchObject({ subscriptionPlan: "premium", subscriptionStatus: "active" });
    const res = await t.app.inject({ method: "POST", url: `/api/subscription/cancel/${id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "You cannot cancel your own admin plan" });
    const activated = await t.app.inject({ method: "POST", url: `/api/subscription/activate/${id}`, headers: { cookie: admin } });
    expect(activated.statusCode).toBe(409);
    expect(activated.json()).toEqual({ message: "You cannot change your own admin plan" });
    expect(await me(admin)).toEqual(before);
  });

  it("keeps the self-service cancel and the admin cancel apart although they share a prefix", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const id = registered.json().user.id;
    await activate(id);
    // The user naming their own id hits the admin route and is refused.
    const ownId = await t.app.inject({ method: "POST", url: `/api/subscription/cancel/${id}`, headers: { cookie } });
    expect(ownId.statusCode).toBe(403);
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "premium", subscriptionStatus: "active" });
    // The body-carrying call without an id is the user's own cancellation.
    expect((await cancel(cookie)).statusCode).toBe(200);
    // The admin's call without an id cancels the admin's own subscription, not anyone else's.
    const admin = await loginAdmin(t.app);
    await activate(id);
    const adminSelf = await cancel(admin, { reason: "Other" });
    expect(adminSelf.statusCode).toBe(200);
    expect(adminSelf.json().user.username).toBe("admin");
    expect(await me(cookie)).toMatchObject({ subscriptionPlan: "premium", subscriptionStatus: "active" });
  });

  it("answers 404 for an unknown user id and 400 for an invalid one on the admin calls", async () => {
    t = await createTestApp(ADMIN_ENV);
    const admin = await loginAdmin(t.app);
    for (const [method, path] of [
      ["POST", "/api/subscription/activate"],
      ["POST", "/api/subscription/cancel"],
      ["DELETE", "/api/admin/users"],
    ] as const) {
      const unknown = await t.app.inject({ method, url: `${path}/9999`, headers: { cookie: admin } });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json()).toEqual({ message: "User not found" });
      // Other spellings of an id (hex, exponent, sign, leading zero) are refused too: one user, one URL.
      for (const bad of ["abc", "0", "-3", "1.5", "0x1", "1e0", "+1", "01"]) {
        const res = await t.app.inject({ method, url: `${path}/${bad}`, headers: { cookie: admin } });
        expect(res.statusCode, `${path}/${bad}`).toBe(400);
        expect(res.json().message).toBe("Please enter a valid user ID");
      }
    }
  });
});
