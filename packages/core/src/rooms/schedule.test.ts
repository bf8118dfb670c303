import { describe, expect, it } from "vitest";
import { focusEndedByJoining, followRoomRoundEvent, roomRound } from "./schedule";

const start = Date.UTC(2026, 10, 24, 9, 0);
const schedule = { startedAt: start, focusMinutes: 25, breakMinutes: 5 };
const min = 60_000;

describe("roomRound", () => {
  it("runs focus then break from the room's start, back to back", () => {
    expect(roomRound(schedule, start)).toEqual({ index: 0, phase: "focus", startedAt: start, endsAt: start + 25 * min });
    expect(roomRound(schedule, start + 24 * min + 59_999)).toMatchObject({ index: 0, phase: "focus" });
    expect(roomRound(schedule, start + 25 * min)).toEqual({ index: 1, phase: "break", startedAt: start + 25 * min, endsAt: start + 30 * min });
    expect(roomRound(schedule, start + 30 * min)).toEqual({ index: 2, phase: "focus", startedAt: start + 30 * min, endsAt: start + 55 * min });
  });

  it("gives everyone joining mid-round the same round and end", () => {
    const a = roomRound(schedule, start + 10 * min + 123);
    const b = roomRound(schedule, start + 20 * min);
    expect(a).toEqual(b);
    expect(a.endsAt).toBe(start + 25 * min);
  });

  it("counts a moment before the start (a client clock behind the server's) as the first focus round", () => {
    expect(roomRound(schedule, start - 5000)).toEqual({ index: 0, phase: "focus", startedAt: start, endsAt: start + 25 * min });
  });

  it("keeps whole cycles exact after days", () => {
    const later = start + 3 * 24 * 60 * min;
    const round = roomRound(schedule, later);
    expect((round.startedAt - start) % (30 * min) === 0 || (round.startedAt - start - 25 * min) % (30 * min) === 0).toBe(true);
    expect(round.endsAt).toBeGreaterThan(later);
    expect(round.startedAt).toBeLessThanOrEqual(later);
  });

  it("gives the timer a focus round as focus and a break round as a short break, ending with the round", () => {
    expect(followRoomRoundEvent(schedule, start + 10 * min)).toEqual({ type: "FOLLOW_ROUND", mode: "focus", startedAt: start, endsAt: start + 25 * min, now: start + 10 * min });
    expect(followRoomRoundEvent(schedule, start + 26 * min)).toEqual({ type: "FOLLOW_ROUND", mode: "shortBreak", startedAt: start + 25 * min, endsAt: start + 30 * min, now: start + 26 * min });
  });
});

describe("focusEndedByJoining", () => {
  const now = start + 10 * min;
  const roundEnd = start + 25 * min;

  it("is the time left of a personal focus session running or paused", () => {
    expect(focusEndedByJoining({ mode: "focus", sessionStartTime: now - min, endsAt: now + 24 * min, remainingMs: 0, durationMs: 25 * min }, schedule, now)).toBe(24 * min);
    expect(focusEndedByJoining({ mode: "focus", sessionStartTime: now - min, endsAt: null, remainingMs: 90_000, durationMs: 25 * min }, schedule, now)).toBe(90_000);
  });

  it("is 0 without a focus session under way, or when the session is this room's round", () => {
    expect(focusEndedByJoining({ mode: "focus", sessionStartTime: null, endsAt: null, remainingMs: 25 * min, durationMs: 25 * min }, schedule, now)).toBe(0);
    expect(focusEndedByJoining({ mode: "shortBreak", sessionStartTime: now - min, endsAt: now + min, remainingMs: 0, durationMs: 25 * min }, schedule, now)).toBe(0);
    expect(focusEndedByJoining({ mode: "focus", sessionStartTime: now - min, endsAt: roundEnd, remainingMs: 0, durationMs: 25 * min }, schedule, now)).toBe(0);
  });
});
