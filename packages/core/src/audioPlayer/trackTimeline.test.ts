import { describe, expect, it } from "vitest";
import { GENERATED_TRACK_SECONDS, isLoopRestart, loopedPosition, loopedSeek, loopedTimelineOf } from "./trackTimeline";

const timeline = { durationSeconds: GENERATED_TRACK_SECONDS, loopSeconds: 96 };

describe("a generated track's 15-minute timeline over its 96 s loop", () => {
  it("applies to a track whose loop is shorter than its length, not to a file that plays once", () => {
    expect(GENERATED_TRACK_SECONDS).toBe(900);
    expect(loopedTimelineOf({ durationSeconds: 900, loopSeconds: 96 })).toEqual(timeline);
    expect(loopedTimelineOf({ durationSeconds: 212 })).toBeNull();
    expect(loopedTimelineOf({ durationSeconds: 96, loopSeconds: 96 })).toBeNull();
    expect(loopedTimelineOf(null)).toBeNull();
  });

  it("counts the position across the repeats and stops at 15:00", () => {
    expect(loopedPosition(timeline, 0, 30)).toBe(30);
    expect(loopedPosition(timeline, 3, 12)).toBe(300);
    expect(loopedPosition(timeline, 9, 36)).toBe(900);
    expect(loopedPosition(timeline, 9, 90)).toBe(900);
  });

  it("maps a seek to whole loops and a place in the file, inside the track", () => {
    expect(loopedSeek(timeline, 300)).toEqual({ loopsDone: 3, fileSeconds: 12 });
    expect(loopedSeek(timeline, 95.5)).toEqual({ loopsDone: 0, fileSeconds: 95.5 });
    expect(loopedSeek(timeline, -5)).toEqual({ loopsDone: 0, fileSeconds: 0 });
    expect(loopedSeek(timeline, 2000)).toEqual({ loopsDone: 9, fileSeconds: 36 });
  });

  it("tells the loop starting again from a small step back", () => {
    expect(isLoopRestart(timeline, 95.8, 0.1)).toBe(true);
    expect(isLoopRestart(timeline, 40, 39.9)).toBe(false);
    expect(isLoopRestart(timeline, 10, 20)).toBe(false);
  });
});
