/** Today's completed focus sessions that reach the 'strong' tier (`docs/product.md`). */
const STRONG_DAY_SESSIONS = 4;
/** Today's completed focus sessions that reach the 'outstanding' tier (`docs/product.md`). */
const OUTSTANDING_DAY_SESSIONS = 8;

/** Motivation tiers: under 4 sessions today, 4 to 7, 8 or more. */
export type MotivationTier = "starting" | "strong" | "outstanding";

/** One short message per tier. */
export const MOTIVATION_MESSAGES: Record<MotivationTier, string> = {
  starting: "Every session counts. Keep building your focus momentum!",
  strong: "Great work! You are having a strong, focused day.",
  outstanding: "Outstanding focus today! Remember to rest and recharge too.",
};

/** The motivation tier for today's completed focus sessions: <4 starting, 4-7 strong, 8+ outstanding. */
export function motivationTier(sessionsToday: number): MotivationTier {
  if (sessionsToday >= OUTSTANDING_DAY_SESSIONS) return "outstanding";
  if (sessionsToday >= STRONG_DAY_SESSIONS) return "strong";
  return "starting";
}

/** The message shown for today's completed focus sessions (its motivation tier). */
export function motivationMessage(sessionsToday: number): string {
  return MOTIVATION_MESSAGES[motivationTier(sessionsToday)];
}
