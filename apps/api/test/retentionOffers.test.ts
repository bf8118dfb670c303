import { adminUsersResponseSchema, subscriptionRequestsSchema } from "@focus/core/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp, userRow } from "./helpers";

/** Retention offers (`docs/product.md`, Offers and upgrade requests): accepted by the user, applied by the admin. */
describe("retention offers", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const accept = (cookie: string, payload: object = { offer: "half-price-3-months" }) =>
    t.app.inject({ method: "POST", url: "/api/subscription/offer", headers: { cookie }, payload });

  const requestsOf = async (cookie: string) =>
    subscriptionRequestsSchema.parse((await t.app.inject({ method: "GET", url: "/api/subscription", headers: { cookie } })).json());

  const markApplied = (admin: string, userId: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: `/api/admin/users/${userId}/offer/applied`, headers: { cookie: admin, ...headers } });

  async function adminRow(admin: string, userId: number) {
    const list = adminUsersResponseSchema.parse((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin } })).json());
    return list.find((row) => row.id === userId);
  }

  it("records the offer a user on a trial accepts; accepting it again changes nothing", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie } = await registerUser(t.app);
    expect(await requestsOf(cookie)).toEqual({ upgradeRequestedAt: null, offer: null });

    const before = Date.now();
    const res = await accept(cookie);
    expect(res.statusCode).toBe(200);
    const { offer } = subscriptionRequestsSchema.parse(res.json());
    expect(offer).toMatchObject({ offer: "half-price-3-months", appliedAt: null });
    expect(Date.parse(offer?.acceptedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(await requestsOf(cookie)).toEqual({ upgradeRequestedAt: null, offer });

    // A second click (or a retry) is the same acceptance, with its first date.
    const again = await accept(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().offer).toEqual(offer);
  });

  it("keeps one offer per user: a second, different offer is refused with 409", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie } = await registerUser(t.app);
    expect((await accept(cookie, { offer: "pause-3-months" })).statusCode).toBe(200);
    const other = await accept(cookie);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: "You have already accepted Pause for 3 months" });
    expect((await requestsOf(cookie)).offer?.offer).toBe("pause-3-months");
  });

  it("refuses an offer to a user without an active plan or trial with 409, and stores nothing", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, credentials } = await registerUser(t.app);
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where("username", "=", credentials.username)
      .execute();
    const ended = await accept(cookie);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ message: "Only an active plan or trial can take an offer" });

    await t.app.db.updateTable("users").set({ subscription_status: "cancelled" }).where("username", "=", credentials.username).execute();
    expect((await accept(cookie)).statusCode).toBe(409);
    expect((await userRow(t.app, credentials.username)).retention_offer).toBeNull();
  });

  it("refuses an unknown or missing offer with 400", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie } = await registerUser(t.app);
    for (const payload of [{ offer: "free-forever" }, {}, { offer: 1 }]) {
      const res = await accept(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe("Please choose one of the offers");
    }
    expect((await requestsOf(cookie)).offer).toBeNull();
  });

  it("shows the accepted offer in the admin list; the admin marks it applied, once, and the user sees it", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const id: number = registered.json().user.id;
    await accept(cookie);
    const admin = await loginAdmin(t.app);
    expect((await adminRow(admin, id))?.offer).toMatchObject({ offer: "half-price-3-months", appliedAt: null });

    const res = await markApplied(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Offer marked applied for user ID ${id}` });
    const appliedAt = (await requestsOf(cookie)).offer?.appliedAt;
    expect(appliedAt).toEqual(expect.any(String));
    expect((await adminRow(admin, id))?.offer?.appliedAt).toBe(appliedAt);

    // Marking again keeps the first date.
    expect((await markApplied(admin, id)).statusCode).toBe(200);
    expect((await requestsOf(cookie)).offer?.appliedAt).toBe(appliedAt);
  });

  it("answers 409 for a user with no offer, 404 for an unknown user, and 403 from another origin", async () => {
    t = await createTestApp(ADMIN_ENV);
    const { cookie, res: registered } = await registerUser(t.app);
    const id: number = registered.json().user.id;
    const admin = await loginAdmin(t.app);
    const none = await markApplied(admin, id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: "This user has no accepted offer" });
    expect((await markApplied(admin, 9999)).statusCode).toBe(404);

    await accept(cookie);
    const foreign = await markApplied(admin, id, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect((await requestsOf(cookie)).offer?.appliedAt).toBeNull();
  });
});
