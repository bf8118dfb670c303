import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

describe("GET /api/config", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("gives anyone the interview page, trial length, support address and whether payments are set up, without a login", async () => {
    t = await createTestApp({
      INTERVIEW_URL: "https://calendly.com/focus-flow/interview",
      TRIAL_DAYS: "21",
      SUPPORT_EMAIL: "help@example.com",
      PAYMENT_URL: "https://pay.example.com/focus",
    });
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({
      interviewUrl: "https://calendly.com/focus-flow/interview",
      trialDays: 21,
      supportEmail: "help@example.com",
      paymentConfigured: true,
    });
    // The payment link itself stays private to the upgrade call.
    expect(res.body).not.toContain("pay.example.com");
  });

  it("answers the defaults when nothing is set (or set empty): no interview page, 14 days, support@focusflow.app, no payments", async () => {
    const defaults = { interviewUrl: null, trialDays: 14, supportEmail: "support@focusflow.app", paymentConfigured: false };
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json()).toEqual(defaults);
    const app = await t.rebuild({ INTERVIEW_URL: "", TRIAL_DAYS: "", SUPPORT_EMAIL: "", PAYMENT_URL: "" });
    expect((await app.inject({ method: "GET", url: "/api/config" })).json()).toEqual(defaults);
  });
});
