import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "./settings";
import { breakDayOf, dataExportSchema, deleteAccountBodySchema, exportQuerySchema, MAX_BREAKS_PER_DAY, sessionDedupeKey, withinBreakLimit } from "./dataExport";
import { sessionInputSchema } from "./session";

describe("data export schemas", () => {
  const document = {
    version: 1,
    exportedAt: "2026-03-02T10:00:00.000Z",
    settings: DEFAULT_SETTINGS,
    sessions: [
      { startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true, clientId: "0b6f3f0e-8d6c-4f5e-9a43-2f1c0f8f7c11" },
      { startTime: "2026-03-01T09:30:00.000Z", duration: 300, type: "break", completed: true },
    ],
  };

  it("accepts an export with or without clientIds and refuses other versions", () => {
    expect(dataExportSchema.parse(document)).toEqual(document);
    expect(dataExportSchema.safeParse({ ...document, version: 2 }).success).toBe(false);
    expect(dataExportSchema.safeParse({ ...document, sessions: [{ ...document.sessions[0], clientId: "abc" }] }).success).toBe(false);
  });

  it("gives a session without clientId the same key whatever the offset of its start", () => {
    const base = { type: "focus" as const, duration: 1500 };
    expect(sessionDedupeKey({ ...base, startTime: "2026-03-01T10:00:00+01:00" })).toBe(sessionDedupeKey({ ...base, startTime: "2026-03-01T09:00:00.000Z" }));
    expect(sessionDedupeKey({ ...base, startTime: "2026-03-01T09:00:00Z" })).not.toBe(sessionDedupeKey({ ...base, duration: 1200, startTime: "2026-03-01T09:00:00Z" }));
  });

  it("defaults the export format to JSON and knows only csv and json", () => {
    expect(exportQuerySchema.parse({})).toEqual({ format: "json" });
    expect(exportQuerySchema.parse({ format: "csv" })).toEqual({ format: "csv" });
    expect(exportQuerySchema.safeParse({ format: "xml" }).success).toBe(false);
  });

  it("takes an optional UUID idempotency key on a session post, and a password to delete an account", () => {
    const session = { startTime: "2026-03-01T09:00:00Z", duration: 60, type: "focus", completed: true };
    expect(sessionInputSchema.safeParse(session).success).toBe(true);
    expect(sessionInputSchema.safeParse({ ...session, clientId: "5e0f3c7a-2b1d-4c8e-9f6a-7d3b2a1c0e9f" }).success).toBe(true);
    expect(sessionInputSchema.safeParse({ ...session, clientId: "1" }).success).toBe(false);
    expect(deleteAccountBodySchema.safeParse({ password: "" }).success).toBe(false);
  });
});

describe("the breaks a day keeps", () => {
  const breakAt = (iso: string) => ({ startTime: iso, type: "break" });

  it("counts a break in the UTC day of its start", () => {
    expect(breakDayOf("2026-12-31T23:59:59.999Z")).toEqual({ start: "2026-12-31T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
    expect(breakDayOf("2027-01-01T00:30:00+01:00")).toEqual({ start: "2026-12-31T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
  });

  it("keeps focus sessions and the breaks that fit beside the stored ones, and counts the others", () => {
    const stored = Array.from({ length: MAX_BREAKS_PER_DAY - 2 }, () => breakAt("2026-12-02T08:00:00Z"));
    const fresh = [
      breakAt("2026-12-02T09:00:00Z"),
      { startTime: "2026-12-02T09:05:00Z", type: "focus" },
      breakAt("2026-12-02T23:59:00Z"),
      breakAt("2026-12-02T23:59:30Z"),
      breakAt("2026-12-03T00:00:00Z"),
    ];
    const { kept, over } = withinBreakLimit(stored, fresh);
    expect(kept.map((session) => session.startTime)).toEqual(["2026-12-02T09:00:00Z", "2026-12-02T09:05:00Z", "2026-12-02T23:59:00Z", "2026-12-03T00:00:00Z"]);
    expect(over).toBe(1);
  });
});
