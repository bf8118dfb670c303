import { describe, expect, it } from "vitest";
import { FOCUS_DAYS_PER_FREEZE, MAX_FREEZES, momentum } from "./momentum";
import { streakCalendar } from "./streakCalendar";
import { currentStreak } from "./streak";
import { sessionAt, WEDNESDAY } from "../days/testSession";

/** Local noon `daysAgo` days before `now`'s day (local calendar days, so DST days are whole). */
function dayBefore(now: Date, daysAgo: number, hour = 12): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour);
}

/** One completed focus session on each of the given days before `now` (0 = today). */
function focusedOn(now: Date, daysAgo: readonly number[], hour = 12) {
  return daysAgo.map((d) => sessionAt(dayBefore(now, d, hour)));
}

const NOW = WEDNESDAY; // Wednesday 18 November 2026, 15:00 local.
const at = NOW.getTime();

describe("momentum: never miss twice", () => {
  it("keeps the run through one missed day: the next day's session carries it on", () => {
    // Focus 4 and 3 days ago, nothing 2 days ago, focus yesterday and today.
    const m = momentum(focusedOn(NOW, [4, 3, 1, 0]), at);
    expect(m.streak).toBe(4);
    expect(m.needsToday).toBe(false);
    // The plain count of days in a row stays what it was: yesterday and today.
    expect(currentStreak(focusedOn(NOW, [4, 3, 1, 0]), at)).toBe(2);
  });

  it("ends the run on a second missed day in a row when no freeze is held", () => {
    const m = momentum(focusedOn(NOW, [5, 4, 1, 0]), at);
    expect(m.streak).toBe(2);
    expect(m.longest).toBe(2);
    expect(m.freezes).toBe(0);
  });

  it("earns a freeze on the 7th focus day, which covers a second missed day", () => {
    // 7 focus days (10 … 4 days ago), then 3 and 2 days ago missed, then yesterday.
    const m = momentum(focusedOn(NOW, [10, 9, 8, 7, 6, 5, 4, 1]), at);
    expect(m.streak).toBe(8);
    expect(m.freezes).toBe(0);
    // Without the 7th day there is no freeze, and the same gap ends the run.
    expect(momentum(focusedOn(NOW, [9, 8, 7, 6, 5, 4, 1]), at).streak).toBe(1);
  });

  it(`keeps at most ${MAX_FREEZES} freezes`, () => {
    const days = Array.from({ length: FOCUS_DAYS_PER_FREEZE * 4 }, (_, i) => i);
    expect(momentum(focusedOn(NOW, days), at)).toMatchObject({ streak: days.length, freezes: MAX_FREEZES });
  });

  it("never counts today as missed while it lasts, and says when today's session is what keeps the run", () => {
    // Yesterday focused, nothing yet today: the run stands, nothing is needed yet.
    expect(momentum(focusedOn(NOW, [2, 1]), at)).toMatchObject({ streak: 2, needsToday: false });
    // Yesterday missed, nothing yet today: one session today keeps it.
    expect(momentum(focusedOn(NOW, [3, 2]), at)).toMatchObject({ streak: 2, needsToday: true });
    expect(momentum(focusedOn(NOW, [3, 2, 0]), at)).toMatchObject({ streak: 3, needsToday: false });
  });

  it("starts from nothing", () => {
    expect(momentum([], at)).toEqual({
      streak: 0,
      longest: 0,
      freezes: 0,
      toNextFreeze: FOCUS_DAYS_PER_FREEZE,
      lastFreezeUsed: null,
      needsToday: false,
      week: { focusDays: 0, goal: 4, met: false },
    });
    // A focus day long ago: the run ended, and nothing is asked of today.
    expect(momentum(focusedOn(NOW, [20]), at)).toMatchObject({ streak: 0, longest: 1, needsToday: false });
  });

  it("counts only completed focus sessions", () => {
    const sessions = [sessionAt(dayBefore(NOW, 1), { completed: false }), sessionAt(dayBefore(NOW, 0), { type: "break", duration: 300 })];
    expect(momentum(sessions, at).streak).toBe(0);
  });

  it("keeps the longest run after a run ends", () => {
    const m = momentum(focusedOn(NOW, [12, 11, 10, 9, 8, 1, 0]), at);
    expect(m).toMatchObject({ streak: 2, longest: 5 });
  });
});

describe("momentum across days that are not 24 hours", () => {
  it("walks each local day once across the spring clock change (a 23-hour day)", () => {
    // US daylight saving began on Sunday 8 March 2026. Focus every day 5–11 March but the 8th.
    const now = new Date(2026, 2, 11, 20);
    const m = momentum(focusedOn(now, [6, 5, 4, 2, 1, 0]), now.getTime());
    expect(m.streak).toBe(6);
  });

  it("walks each local day once across the autumn clock change (a 25-hour day), late evenings included", () => {
    // US daylight saving ended on Sunday 1 November 2026. Sessions at 23:30 local are already the
    // next day in UTC here; each still counts for its local day.
    const now = new Date(2026, 10, 3, 23, 50);
    const sessions = focusedOn(now, [4, 3, 2, 1, 0], 23);
    expect(momentum(sessions, now.getTime()).streak).toBe(5);
    // Missing 31 October and 1 November (the long day) ends a run that holds no freeze.
    expect(momentum(focusedOn(now, [5, 4, 1, 0], 23), now.getTime()).streak).toBe(2);
  });
});

describe("the weekly goal", () => {
  it("counts this week's focus days, from Sunday, against the goal", () => {
    // Wednesday: Sunday, Monday and today focused; last Saturday is last week.
    const sessions = focusedOn(NOW, [4, 3, 2, 0]);
    expect(momentum(sessions, at).week).toEqual({ focusDays: 3, goal: 4, met: false });
    expect(momentum(sessions, at, 3).week).toEqual({ focusDays: 3, goal: 3, met: true });
  });
});

describe("the streak calendar's marks", () => {
  /** Focus at noon on each given day of November 2026 (local). */
  const novemberDays = (days: readonly number[]) => days.map((day) => sessionAt(new Date(2026, 10, day, 12)));
  /** The calendar from 15 November (a Sunday) to `now`, as `day: mark`. */
  const marksUpTo = (sessions: ReturnType<typeof novemberDays>, now: Date, goal?: number) =>
    Object.fromEntries(streakCalendar(sessions, now.getTime(), now.getDate() - 14, goal).map((d) => [d.day.slice(8), d.mark]));

  // Focus on 16–22, 25, 26 and 28 November 2026; the weeks start on Sundays 15 and 22 November.
  const sessions = novemberDays([16, 17, 18, 19, 20, 21, 22, 25, 26, 28]);
  const evening = new Date(2026, 10, 28, 20);

  it("marks focus days, the day a run survived, the day a freeze covered, and rest days of a week whose goal was met", () => {
    expect(marksUpTo(sessions, evening)).toEqual({
      // Before the run, in a week with 6 focus days against the goal of 4: a rest day.
      "15": "rest",
      ...Object.fromEntries(["16", "17", "18", "19", "20", "21", "22"].map((day) => [day, "focus"])),
      // Two days off in a row: the first is the one a run survives, the second the freeze
      // earned on the 22nd (the 7th focus day) covered.
      "23": "mended",
      "24": "freeze",
      "25": "focus",
      "26": "focus",
      // One day off, carried on by the 28th.
      "27": "mended",
      "28": "focus",
    });
    // The card's figures: 10 focus days in the run, the freeze used on the 24th, the next one
    // after 4 more focus days (3 since the 22nd), and this week's goal met (22, 25, 26, 28).
    expect(momentum(sessions, evening.getTime())).toEqual({
      streak: 10,
      longest: 10,
      freezes: 0,
      toNextFreeze: 4,
      lastFreezeUsed: "2026-11-24",
      needsToday: false,
      week: { focusDays: 4, goal: 4, met: true },
    });
  });

  it("leaves yesterday unmarked until today's session repairs the run", () => {
    const morning = new Date(2026, 10, 28, 8);
    const beforeToday = novemberDays([16, 17, 18, 19, 20, 21, 22, 25, 26]);
    const marks = marksUpTo(beforeToday, morning);
    // This week has 3 focus days of 4 so far: no rest days yet, and the 27th waits.
    expect([marks["27"], marks["28"]]).toEqual(["none", "none"]);
    expect(momentum(beforeToday, morning.getTime())).toMatchObject({ streak: 9, needsToday: true });
    // The session at noon repairs it.
    expect(marksUpTo(sessions, evening)["27"]).toBe("mended");
  });

  it("marks nothing as mended or covered for a run that ended, and counts rest days against the user's goal", () => {
    // 16–18 focused, then three days off without a freeze: the run ended; with a goal of 3 the
    // first week was met, so its days off are rest days, and the second week's are not.
    const ended = novemberDays([16, 17, 18, 24]);
    const marks = marksUpTo(ended, new Date(2026, 10, 24, 20), 3);
    expect(marks).toMatchObject({ "15": "rest", "19": "rest", "20": "rest", "21": "rest", "22": "none", "23": "none", "24": "focus" });
    expect(momentum(ended, new Date(2026, 10, 24, 20).getTime(), 3)).toMatchObject({ streak: 1, freezes: 0, lastFreezeUsed: null });
  });
});
