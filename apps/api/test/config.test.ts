import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

describe("GET /api/config", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("gives anyone the interview booking page from INTERVIEW_URL, without a login", async () => {
    t = await createTestApp({ INTERVIEW_URL: "https://calendly.com/focus-flow/interview" });
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ interviewUrl: "https://calendly.com/focus-flow/interview" });
  });

  it("answers interviewUrl null when INTERVIEW_URL is not set (or empty)", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json()).toEqual({ interviewUrl: null });
    const app = await t.rebuild({ INTERVIEW_URL: "" });
    expect((await app.inject({ method: "GET", url: "/api/config" })).json()).toEqual({ interviewUrl: null });
  });
});
