import { describe, expect, it } from "vitest";
import { shieldMeasuresByDay, shieldMeasuresBySession, type ShieldEvent } from "./shield";

const SESSION = "2026-03-02T09:00:00.000Z";
const events: ShieldEvent[] = [
  { at: "2026-03-02T09:05:00.000Z", kind: "blocked", sessionStart: SESSION },
  { at: "2026-03-02T09:06:00.000Z", kind: "blocked", sessionStart: SESSION },
  { at: "2026-03-02T09:06:40.000Z", kind: "pass", sessionStart: SESSION },
  { at: "2026-03-02T09:10:00.000Z", kind: "turned_back", sessionStart: SESSION },
  { at: "2026-03-01T20:00:00.000Z", kind: "blocked", sessionStart: null },
];
const spans = [{ startedAt: "2026-03-02T09:12:00.000Z", endedAt: "2026-03-02T09:19:30.000Z", sessionStart: SESSION }];

describe("the Shield's measured figures", () => {
  it("counts stopped visits, passes, turn-backs and shield-off minutes per local day, newest first", () => {
    expect(shieldMeasuresByDay(events, spans, Date.parse("2026-03-02T12:00:00Z"), "UTC")).toEqual([
      { day: "2026-03-02", stopped: 2, passes: 1, turnedBack: 1, shieldOffMinutes: 8 },
      { day: "2026-03-01", stopped: 1, passes: 0, turnedBack: 0, shieldOffMinutes: 0 },
    ]);
  });

  it("reads days in the user's time zone", () => {
    // 20:00 UTC on 1 March is 2 March in Auckland.
    expect(shieldMeasuresByDay(events.slice(4), [], 0, "Pacific/Auckland").map((d) => d.day)).toEqual(["2026-03-02"]);
  });

  it("counts per focus session, an open shield-off interval up to now, and leaves out what had no session", () => {
    const open = [{ startedAt: "2026-03-02T09:20:00.000Z", endedAt: null, sessionStart: SESSION }];
    expect(shieldMeasuresBySession(events, [...spans, ...open], Date.parse("2026-03-02T09:23:00Z"))).toEqual([
      { sessionStart: SESSION, stopped: 2, passes: 1, turnedBack: 1, shieldOffMinutes: 11 },
    ]);
  });
});
