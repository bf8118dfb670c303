import { describe, expect, it } from "vitest";
import { blockedAttemptInputSchema, blockedAttemptSummarySchema } from "./blockedAttempt";
import { linkedDeviceCreatedSchema, linkedDeviceCreateSchema, recordIdParamsSchema } from "./blockedSite";

describe("blockedAttemptInputSchema", () => {
  it("normalises the domain like a blocked site and keeps the dates", () => {
    expect(
      blockedAttemptInputSchema.parse({ domain: " https://www.YouTube.com/watch ", at: "2026-03-02T09:00:00Z" }),
    ).toEqual({ domain: "youtube.com", at: "2026-03-02T09:00:00Z", kind: "blocked" });
    expect(
      blockedAttemptInputSchema.parse({ domain: "m.reddit.com", at: "2026-03-02T09:00:00+01:00", sessionStart: "2026-03-02T08:50:00+01:00" }),
    ).toMatchObject({ domain: "m.reddit.com", sessionStart: "2026-03-02T08:50:00+01:00" });
  });

  it.each([
    [{ at: "2026-03-02T09:00:00Z" }, "domain is required"],
    [{ domain: "localhost", at: "2026-03-02T09:00:00Z" }, "domain must be a domain name, e.g. example.com"],
    [{ domain: "a.com", at: "2026-03-02" }, "at must be an ISO 8601 date-time"],
    [{ domain: "a.com", at: "2026-03-02T09:00:00Z", sessionStart: 5 }, "sessionStart must be an ISO 8601 date-time"],
  ])("refuses %j with %s", (input, message) => {
    expect(blockedAttemptInputSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it("describes the summary", () => {
    expect(blockedAttemptSummarySchema.safeParse({ perSite: [{ domain: "a.com", count: 2 }], perSession: [] }).success).toBe(true);
    expect(blockedAttemptSummarySchema.safeParse({ perSite: [{ domain: "a.com", count: 1.5 }], perSession: [] }).success).toBe(false);
  });
});

describe("linked device pairing schemas", () => {
  it("trims the name and refuses an empty or over-long one", () => {
    expect(linkedDeviceCreateSchema.parse({ name: "  Chrome  " })).toEqual({ name: "Chrome" });
    expect(linkedDeviceCreateSchema.safeParse({ name: " " }).error?.issues[0]?.message).toBe("Device name is required");
    expect(linkedDeviceCreateSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
  });

  it("answers pairing with the device and its token", () => {
    const device = { id: 1, name: "Chrome", isActive: true, lastSeenAt: null, createdAt: "2026-03-02T09:00:00.000Z" };
    expect(linkedDeviceCreatedSchema.safeParse(device).success).toBe(false);
    expect(linkedDeviceCreatedSchema.parse({ ...device, token: "t" })).toEqual({ ...device, token: "t" });
  });

  it("takes positive whole ids from the path", () => {
    expect(recordIdParamsSchema.parse({ id: "42" })).toEqual({ id: 42 });
    for (const id of ["0", "-1", "1.5", "abc", "1e30"]) expect(recordIdParamsSchema.safeParse({ id }).success, id).toBe(false);
  });
});
