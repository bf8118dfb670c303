/** Achievement categories. */
export const ACHIEVEMENT_CATEGORIES = ["focus", "consistency", "mastery", "efficiency"] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/**
 * An achievement as shown: `progress` is capped at `target` and counts in the
 * unit of the target (sessions, minutes or days); `unlocked` once progress reaches target.
 */
export interface Achievement {
  id: string;
  title: string;
  description: string;
  progress: number;
  target: number;
  tip: string;
  category: AchievementCategory;
  unlocked: boolean;
}

/**
 * What achievements are measured on. Sessions are completed focus sessions, minutes are
 * focus minutes, streaks are days; periods are local (week from Sunday).
 */
export interface AchievementInput {
  totalSessions: number;
  sessionsToday: number;
  sessionsThisWeek: number;
  sessionsThisMonth: number;
  totalFocusMinutes: number;
  currentStreak: number;
  longestStreak: number;
}

interface AchievementRule extends Omit<Achievement, "progress" | "unlocked"> {
  measure: (input: AchievementInput) => number;
}

function evaluate(rules: readonly AchievementRule[], input: AchievementInput): Achievement[] {
  return rules.map(({ measure, ...rule }) => {
    const progress = Math.min(Math.max(0, measure(input)), rule.target);
    return { ...rule, progress, unlocked: progress >= rule.target };
  });
}

const firstSession: AchievementRule = {
  id: "first-session",
  title: "First Session",
  description: "Complete your first focus session.",
  target: 1,
  tip: "Start a 25-minute focus session; the first one is the hardest.",
  category: "focus",
  measure: (i) => i.totalSessions,
};

/** Headline achievements (`docs/product.md`): First Session, 4 Sessions Today, 2 Hours Focused. */
const HEADLINE_RULES: readonly AchievementRule[] = [
  firstSession,
  {
    id: "four-sessions-today",
    title: "4 Sessions Today",
    description: "Complete 4 focus sessions in one day.",
    target: 4,
    tip: "Four sessions make a strong day; take them one at a time.",
    category: "efficiency",
    measure: (i) => i.sessionsToday,
  },
  {
    id: "two-hours-focused",
    title: "2 Hours Focused",
    description: "Reach 120 minutes of focus time.",
    target: 120,
    tip: "Every session adds up; five sessions make two hours.",
    category: "focus",
    measure: (i) => i.totalFocusMinutes,
  },
];

/** The achievements gallery (`docs/product.md`, Statistics and achievements). */
const GALLERY_RULES: readonly AchievementRule[] = [
  firstSession,
  {
    id: "weekly-five",
    title: "Weekly Warrior",
    description: "Complete 5 focus sessions this week (weeks start on Sunday).",
    target: 5,
    tip: "One session a day on weekdays is enough to get there.",
    category: "consistency",
    measure: (i) => i.sessionsThisWeek,
  },
  {
    id: "focus-25-hours",
    title: "25 Hours of Focus",
    description: "Reach 1,500 minutes of total focus time.",
    target: 1500,
    tip: "Sixty sessions of 25 minutes; keep showing up and it will come.",
    category: "mastery",
    measure: (i) => i.totalFocusMinutes,
  },
  {
    id: "streak-3-days",
    title: "3-Day Streak",
    description: "Focus on 3 days in a row.",
    target: 3,
    tip: "A single session a day keeps your streak alive.",
    category: "consistency",
    // Once reached, a streak stays earned; until then, show the streak the user can extend.
    measure: (i) => (i.longestStreak >= 3 ? i.longestStreak : i.currentStreak),
  },
  {
    id: "ten-sessions",
    title: "10 Sessions",
    description: "Complete 10 focus sessions in total.",
    target: 10,
    tip: "Double digits are within reach; one session at a time.",
    category: "mastery",
    measure: (i) => i.totalSessions,
  },
  {
    id: "monthly-50",
    title: "Monthly 50",
    description: "Complete 50 focus sessions this month.",
    target: 50,
    tip: "About two sessions a day gets you there by the end of the month.",
    category: "efficiency",
    measure: (i) => i.sessionsThisMonth,
  },
];

/**
 * The three headline achievements (`docs/product.md`): First Session (1+ completed focus session
 * in total), 4 Sessions Today (4+ today), 2 Hours Focused (120+ focus minutes in total).
 */
export function headlineAchievements(input: AchievementInput): Achievement[] {
  return evaluate(HEADLINE_RULES, input);
}

/**
 * The achievements gallery (`docs/product.md`): first session (1), weekly (5 this week), 25 hours
 * of focus (1500 minutes in total), 3-day streak, 10 sessions in total, monthly 50 sessions. The
 * streak one stays unlocked once the longest streak reached 3 days.
 */
export function galleryAchievements(input: AchievementInput): Achievement[] {
  return evaluate(GALLERY_RULES, input);
}

/**
 * How many of the achievements shown are unlocked, each counted once however many lists show it
 * (First Session is a headline one and in the gallery): the "N of M unlocked" above them
 * (`docs/product.md`, Statistics and achievements).
 */
export function achievementTally(...lists: readonly Achievement[][]): { unlocked: number; total: number } {
  const byId = new Map<string, boolean>();
  for (const list of lists) for (const achievement of list) byId.set(achievement.id, achievement.unlocked);
  return { unlocked: [...byId.values()].filter(Boolean).length, total: byId.size };
}
