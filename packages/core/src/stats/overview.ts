import { productivityImpact, type ProductivityImpact } from "./impact";
import { headlineAchievements, galleryAchievements, type Achievement } from "./achievements";
import { focusMilestoneProgress, type MilestoneProgress } from "./milestones";
import { motivationMessage, motivationTier, type MotivationTier } from "./motivation";
import { recentSessions } from "./recent";
import { sessionBreakdown, type SessionBreakdown } from "./breakdown";
import { escapeReport, type EscapeReport } from "./escapes";
import { intentionReport, type IntentionReport, type IntentionSession } from "./intentions";
import { dailyFocusSeries, type DailyFocusPoint } from "./series";
import type { StatsSession } from "../days/sessionRecord";
import { momentum, type Momentum } from "./momentum";
import { streakCalendar, type StreakCalendarDay } from "./streakCalendar";
import { currentStreak } from "./streak";
import { summarizeSessions, type StatsSummary } from "./summary";

/** Everything the Statistics tab shows, computed from one list of sessions. */
export interface StatsOverview<T extends StatsSession = StatsSession> {
  summary: StatsSummary;
  breakdown: SessionBreakdown;
  /** The 5 most recent completed sessions, newest first. */
  recent: T[];
  /** From all-time totals; time saved in hours. */
  impact: ProductivityImpact;
  /**
   * The streak as momentum (`momentum`: focus days of the current and longest runs, freezes, the
   * weekly goal), and `consecutive`: the plain count of focus days in a row, in days.
   */
  streak: Pick<Momentum, "longest" | "freezes" | "toNextFreeze" | "lastFreezeUsed" | "needsToday" | "week"> & { current: number; consecutive: number };
  headline: Achievement[];
  gallery: Achievement[];
  /** Toward the next milestone of today's focus minutes. */
  milestone: MilestoneProgress;
  motivation: { tier: MotivationTier; message: string };
  /** Per-day series for the charts, oldest first, ending today. */
  last7Days: DailyFocusPoint[];
  last30Days: DailyFocusPoint[];
  /** Streak calendar of the last 30 days, each day marked (`streakCalendar`). */
  calendar: StreakCalendarDay[];
  /** Strict sessions ended early: this week's count and the latest ones. */
  escapes: EscapeReport<T>;
  /** This week's intentions and how they went (`intentionReport`). */
  intentions: IntentionReport<T>;
}

/**
 * The whole statistics pipeline as of `now` (epoch ms, local time zone). Real users pass
 * their sessions; the preview user passes `previewSessions(now)`. The milestone
 * tracks today's focus minutes: the sequence (25 … 300 minutes) is a day's scale. The weekly
 * goal is `options.weeklyGoalDays` (the user's setting; default WEEKLY_GOAL_DAYS.default).
 */
export function statsOverview<T extends StatsSession>(sessions: readonly T[], now: number, options: { weeklyGoalDays?: number } = {}): StatsOverview<T> {
  const summary = summarizeSessions(sessions, now);
  const run = momentum(sessions, now, options.weeklyGoalDays);
  const { streak: current, ...rest } = run;
  const streak = { ...rest, current, consecutive: currentStreak(sessions, now) };
  const achievementInput = { ...summary, currentStreak: streak.current, longestStreak: streak.longest };
  return {
    summary,
    breakdown: sessionBreakdown(sessions),
    recent: recentSessions(sessions),
    impact: productivityImpact({ completedFocusSessions: summary.totalSessions, focusMinutes: summary.totalFocusMinutes }),
    streak,
    headline: headlineAchievements(achievementInput),
    gallery: galleryAchievements(achievementInput),
    milestone: focusMilestoneProgress(summary.focusMinutesToday),
    motivation: { tier: motivationTier(summary.sessionsToday), message: motivationMessage(summary.sessionsToday) },
    last7Days: dailyFocusSeries(sessions, now, 7),
    last30Days: dailyFocusSeries(sessions, now, 30),
    calendar: streakCalendar(sessions, now, 30, options.weeklyGoalDays),
    escapes: escapeReport(sessions, now),
    intentions: intentionReport(sessions as readonly (T & IntentionSession)[], now),
  };
}
