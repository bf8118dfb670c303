export {
  WEEK_START_DAY,
  addLocalDays,
  lastLocalDayKeys,
  localPeriodBounds,
  startOfLocalDay,
  startOfLocalMonth,
  startOfLocalWeek,
} from "../days/calendar";
export { focusMinutesOf, isCompletedFocus, secondsToMinutes, sessionEndMs, sessionStartMs, type StatsSession } from "../days/sessionRecord";
export { summarizeSessions, type StatsSummary } from "./summary";
export { sessionBreakdown, type SessionBreakdown } from "./breakdown";
export { recentSessions } from "./recent";
export {
  DISTRACTIONS_PREVENTED_PER_SESSION,
  DISTRACTION_RECOVERY_MINUTES,
  FOCUS_TIME_SAVED_FACTOR,
  productivityImpact,
  type ProductivityImpact,
} from "./impact";
export { currentStreak, dayKeyStart, focusDayKeys, longestStreak } from "./streak";
export { FOCUS_DAYS_PER_FREEZE, MAX_FREEZES, momentum, streakNudge, type Momentum } from "./momentum";
export { streakCalendar, type DayMark, type StreakCalendarDay } from "./streakCalendar";
export {
  ACHIEVEMENT_CATEGORIES,
  achievementTally,
  galleryAchievements,
  headlineAchievements,
  type Achievement,
  type AchievementCategory,
  type AchievementInput,
} from "./achievements";
export { focusMilestoneProgress, nextFocusMilestone, type MilestoneProgress } from "./milestones";
export { MOTIVATION_MESSAGES, motivationMessage, motivationTier, type MotivationTier } from "./motivation";
export { dailyFocusSeries, type DailyFocusPoint } from "./series";
export { previewSessions } from "./preview";
export { statsOverview, type StatsOverview } from "./overview";
export { escapeReport, type EscapeReport } from "./escapes";
export { todayProgress, type TodayProgress } from "../days/today";
export { shieldMeasuresByDay, shieldMeasuresBySession, type ShieldEvent, type ShieldMeasure } from "./shield";
export { intentionReport, lengthBucket, stuckSummary, timeOfDayBucket, type IntentionReport, type IntentionSession } from "./intentions";
