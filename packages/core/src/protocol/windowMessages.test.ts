import { describe, expect, it } from "vitest";
import { EMPTY_LIVE_STATS, applyStatsMessage, statsWindowMessageSchema } from "./windowMessages";

const progress = (mode: "focus" | "shortBreak", isRunning: boolean) =>
  statsWindowMessageSchema.parse({
    type: "timer_progress_update",
    data: { mode, isRunning, elapsedTime: 300, totalSessionTime: 1500, totalFocusTimeToday: 50 },
  });

describe("live stats from window messages", () => {
  it("counts progress only while a focus session runs", () => {
    const running = applyStatsMessage(EMPTY_LIVE_STATS, progress("focus", true));
    expect(running).toMatchObject({ timerRunning: true, currentSessionElapsed: 300, currentSessionTotal: 1500, totalFocusTimeToday: 50 });
    expect(applyStatsMessage(running, progress("focus", false))).toMatchObject({ timerRunning: false, currentSessionElapsed: 0 });
    expect(applyStatsMessage(EMPTY_LIVE_STATS, progress("shortBreak", true))).toMatchObject({ timerRunning: false, currentSessionElapsed: 0 });
  });

  it("takes today's counts from a stats update and clears the session on completion", () => {
    const counted = applyStatsMessage(EMPTY_LIVE_STATS, { type: "stats_update", data: { completedSessionsToday: 3, totalFocusTimeToday: 75 } });
    expect(counted).toMatchObject({ completedSessionsToday: 3, totalFocusTimeToday: 75 });
    const done = applyStatsMessage(applyStatsMessage(counted, progress("focus", true)), { type: "session_completed" });
    expect(done).toMatchObject({ timerRunning: false, currentSessionElapsed: 0, completedSessionsToday: 3 });
  });

  it("refuses unknown message types", () => {
    expect(statsWindowMessageSchema.safeParse({ type: "stats_explode" }).success).toBe(false);
  });
});
