import { describe, expect, it } from "vitest";
import { pushNoticeSchema, pushSubscriptionSchema } from "./schemas";
import { sessionEndNotice } from "./notice";

const P256DH = "B".padEnd(87, "A");
const AUTH = "A".repeat(22);

describe("sessionEndNotice", () => {
  it("says a focus session is complete and the break that starts by itself", () => {
    expect(sessionEndNotice({ mode: "focus", nextMode: "shortBreak", nextDurationMs: 5 * 60_000, nextStartsItself: true })).toEqual({
      title: "Focus session complete",
      body: "Your 5-minute short break starts now.",
    });
  });

  it("says a break is over and that the focus session waits for the user", () => {
    expect(sessionEndNotice({ mode: "longBreak", nextMode: "focus", nextDurationMs: 25 * 60_000, nextStartsItself: false })).toEqual({
      title: "Long Break is over",
      body: "Up next: a 25-minute focus session. Start it when you're ready.",
    });
  });
});

describe("pushSubscriptionSchema", () => {
  it("takes what PushSubscription.toJSON() gives", () => {
    const parsed = pushSubscriptionSchema.parse({ endpoint: "https://push.example.com/send/abc", expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } });
    expect(parsed.keys.auth).toBe(AUTH);
  });

  it("refuses keys of the wrong length and endpoints that are no https URL, with a message", () => {
    const bad = pushSubscriptionSchema.safeParse({ endpoint: "javascript:alert(1)", keys: { p256dh: "short", auth: AUTH } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      "The push endpoint must be an https URL",
      "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url)",
    ]);
  });
});

describe("pushNoticeSchema", () => {
  it("refuses a click target outside the app", () => {
    expect(pushNoticeSchema.safeParse({ title: "t", body: "b", tag: "x", url: "//evil.example", endedAt: 1 }).success).toBe(false);
    expect(pushNoticeSchema.safeParse({ title: "t", body: "b", tag: "x", url: "/app", endedAt: 1 }).success).toBe(true);
  });
});
