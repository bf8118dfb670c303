import { afterEach, describe, expect, it } from "vitest";
import { NUL_TEXT_MESSAGE } from "../src/plugins/noNulText";
import { createTestApp, registerUser, type TestApp } from "./helpers";

/** Text with a NUL character is refused with 400 before any route (PostgreSQL answered 500). */
describe("text with a NUL character", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("is refused with 400 and a message in a login name, a device name, a cancellation reason and a query", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const calls = [
      { method: "POST", url: "/api/login", payload: { username: "ad\u0000min", password: "secret123" } },
      { method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "My\u0000laptop" } },
      { method: "POST", url: "/api/subscription/cancel", headers: { cookie }, payload: { reason: "too\u0000expensive", feedback: "" } },
      { method: "GET", url: "/api/sessions/range?startDate=2026-03-01T00:00:00Z%00&endDate=2026-03-02T00:00:00Z", headers: { cookie } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json(), call.url).toEqual({ message: NUL_TEXT_MESSAGE });
    }
    // Nothing was stored, and the account works as before.
    expect((await t.app.inject({ method: "GET", url: "/api/linked-devices", headers: { cookie } })).json()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
  });
});
