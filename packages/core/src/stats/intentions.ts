import type { Session } from "../schemas/session";
import { startOfLocalWeek } from "../days/calendar";
import { sessionEndMs, sessionStartMs, type StatsSession } from "../days/sessionRecord";

/**
 * "Intentions and how they went" (`docs/product.md`, Intentions, reflection and a break that calls
 * you back): this week's focus sessions with an intention or an answer, the ratings over time, and
 * what the stuck sessions had in common. Local time (the runtime's zone); weeks from Sunday.
 */

/** The parts of the day a session can start in (local hours). */
const TIME_OF_DAY_BUCKETS = ["morning", "afternoon", "evening", "night"] as const;
type TimeOfDayBucket = (typeof TIME_OF_DAY_BUCKETS)[number];

/** Session lengths, in minutes of focus. */
const LENGTH_BUCKETS = ["upTo15", "16to30", "31to60", "over60"] as const;
type LengthBucket = (typeof LENGTH_BUCKETS)[number];

/** The words for each bucket, as the card shows them. */
const BUCKET_LABELS: Record<TimeOfDayBucket | LengthBucket, string> = {
  morning: "in the morning",
  afternoon: "in the afternoon",
  evening: "in the evening",
  night: "at night",
  upTo15: "up to 15 minutes long",
  "16to30": "16 to 30 minutes long",
  "31to60": "31 to 60 minutes long",
  over60: "over an hour long",
};

/** A session as the report reads it: the statistics' fields and the reflection's. */
export type IntentionSession = StatsSession & Partial<Pick<Session, "intention" | "outcome" | "rating">>;

/** Morning 05:00–11:59, afternoon 12:00–16:59, evening 17:00–21:59, night 22:00–04:59 (local). */
export function timeOfDayBucket(startMs: number): TimeOfDayBucket {
  const hour = new Date(startMs).getHours();
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}

/** Up to 15 minutes, 16–30, 31–60, over 60 (`durationSeconds` rounded to whole minutes). */
export function lengthBucket(durationSeconds: number): LengthBucket {
  const minutes = Math.round(durationSeconds / 60);
  if (minutes <= 15) return "upTo15";
  if (minutes <= 30) return "16to30";
  if (minutes <= 60) return "31to60";
  return "over60";
}

export interface IntentionReport<T> {
  /** This week's focus sessions (ended from Sunday on) with an intention or an outcome, newest first; the caller's objects. */
  sessions: T[];
  /** The week's rated sessions in order of their end: `endedAt` epoch ms, `rating` 1–5. */
  ratings: { endedAt: number; rating: number }[];
  /** Stuck sessions this week. */
  stuck: number;
  /** What most stuck sessions shared: a bucket holding at least half of them, else null (none stuck: null). */
  stuckCommon: { timeOfDay: TimeOfDayBucket | null; length: LengthBucket | null };
}

/** The bucket holding at least half of `keys` (the largest; the first listed on a tie), else null. */
function common<K extends string>(keys: readonly K[], order: readonly K[]): K | null {
  if (keys.length === 0) return null;
  let best: K | null = null;
  let bestCount = 0;
  for (const key of order) {
    const count = keys.filter((k) => k === key).length;
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return bestCount * 2 >= keys.length ? best : null;
}

/**
 * The report of `sessions` as of `now` (epoch ms): only focus sessions ending in the local week of
 * `now` (from Sunday) count; a session counts when it has an intention or an outcome.
 */
export function intentionReport<T extends IntentionSession>(sessions: readonly T[], now: number): IntentionReport<T> {
  const weekStart = startOfLocalWeek(now);
  const week = sessions
    .filter((s) => s.type === "focus" && sessionEndMs(s) >= weekStart && sessionEndMs(s) <= now)
    .filter((s) => (s.intention ?? "") !== "" || s.outcome !== undefined || typeof s.rating === "number")
    .sort((a, b) => sessionEndMs(b) - sessionEndMs(a));
  const ratings = week
    .filter((s) => typeof s.rating === "number")
    .map((s) => ({ endedAt: sessionEndMs(s), rating: s.rating as number }))
    .sort((a, b) => a.endedAt - b.endedAt);
  const stuck = week.filter((s) => s.outcome === "stuck");
  return {
    sessions: week.filter((s) => (s.intention ?? "") !== "" || s.outcome !== undefined),
    ratings,
    stuck: stuck.length,
    stuckCommon: {
      timeOfDay: common(stuck.map((s) => timeOfDayBucket(sessionStartMs(s))), TIME_OF_DAY_BUCKETS),
      length: common(stuck.map((s) => lengthBucket(s.duration)), LENGTH_BUCKETS),
    },
  };
}

/**
 * The calm sentence of what the stuck sessions shared ("Stuck sessions were mostly in the
 * afternoon and 31 to 60 minutes long."), or null when they shared nothing (or none was stuck).
 */
export function stuckSummary(report: Pick<IntentionReport<unknown>, "stuck" | "stuckCommon">): string | null {
  const parts = [report.stuckCommon.timeOfDay, report.stuckCommon.length].filter((b): b is TimeOfDayBucket | LengthBucket => b !== null).map((b) => BUCKET_LABELS[b]);
  if (report.stuck === 0 || parts.length === 0) return null;
  const subject = report.stuck === 1 ? "Your stuck session was" : "Stuck sessions were mostly";
  return `${subject} ${parts.join(" and ")}.`;
}
