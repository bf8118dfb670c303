import { DAY_MS } from "../constants";
import { addLocalDays, lastLocalDayKeys } from "../days/calendar";
import { sessionEndMs, type StatsSession } from "../days/sessionRecord";
import { todayProgress } from "../days/today";
import { GUEST_AUDIO_MOOD } from "../audio/catalogue";
import { localDayKey } from "../format";
import { MAX_BLOCKED_SITES } from "../schemas/blockedSite";
import { MAX_SHIELD_SCHEDULES } from "../schemas/schedule";
import { MAX_SESSION_SECONDS } from "../schemas/session";
import { isPremiumActive, isTrialActive, type SubscriptionFields } from "./rules";

const HOUR_MS = 60 * 60 * 1000;

/**
 * What each plan allows, in one place for every app: the timer chart's start guard, the API's
 * refusals (sessions, import, statistics, audio) and the screens that show the limits before
 * the user meets them. Rules: `docs/product.md`, People and plans.
 */

/** The Free plan: after the trial, or after a cancellation. */
export const FREE_PLAN = {
  /** Completed focus sessions per local day. */
  focusSessionsPerDay: 2,
  /** Local days of statistics and history, today included. */
  historyDays: 7,
  /** The tracks of the audio library it may play (`<mood>/<file>` paths). */
  tracks: ["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3", "light-work/morning-desk.mp3"],
  /** Websites on the blocklist. */
  blockedSites: 5,
  /** Recurring block windows of the Website Shield (`docs/product.md`, Schedules). */
  shieldSchedules: 1,
} as const;

/** Which plan's limits apply to a signed-in user at an instant. */
type PlanTier = "premium" | "trial" | "free";

/** The plan a user's limits follow at `now` (epoch ms): premium active, trial active, else free. */
export function planTier(user: SubscriptionFields, now: number): PlanTier {
  if (isPremiumActive(user)) return "premium";
  if (isTrialActive(user, now)) return "trial";
  return "free";
}

/** Focus sessions a plan still allows today after `completedToday`; null when it has no daily limit. */
export function focusSessionsLeft(tier: PlanTier, completedToday: number): number | null {
  return tier === "free" ? Math.max(0, FREE_PLAN.focusSessionsPerDay - completedToday) : null;
}

/**
 * The card that stands in for Start once the Free plan's focus sessions of the day are used
 * (`docs/product.md`, People and plans): `lead` "2 of 2 focus sessions today. More tomorrow at
 * 00:00 (in 3 h 12 min), or", then `premium` "every session with Premium." (the link to
 * /subscription). The next day starts at this machine's local midnight after `now` (epoch ms),
 * shown as its clock time; the wait is rounded up to the minute, its words joined by no-break spaces.
 */
export function freeLimitCard(now: number): { lead: string; premium: string; resetsAt: number } {
  const resetsAt = addLocalDays(now, 1);
  const minutes = Math.max(1, Math.ceil((resetsAt - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  // No-break spaces: the wait never splits over two lines ("8 h" / "49 min").
  const wait = [hours > 0 ? `${hours}\u00a0h` : "", minutes % 60 > 0 ? `${minutes % 60}\u00a0min` : ""].filter(Boolean).join("\u00a0");
  const at = new Date(resetsAt);
  const clock = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  const perDay = FREE_PLAN.focusSessionsPerDay;
  return { lead: `${perDay} of ${perDay} focus sessions today. More tomorrow at ${clock} (in ${wait}), or`, premium: "every session with Premium.", resetsAt };
}

/**
 * Focus sessions the user may still complete today (the local day of `now` in `timeZone`),
 * counted from `sessions` (any days; only completed focus sessions that ended today count);
 * null when there is no daily limit (premium, trial).
 */
export function focusSessionsLeftToday(user: SubscriptionFields, sessions: readonly StatsSession[], now: number, timeZone?: string): number | null {
  return focusSessionsLeft(planTier(user, now), todayProgress(sessions, now, timeZone).completedSessionsToday);
}

/** Whether one more focus session would go over the plan's daily limit after `completedToday`; breaks never do. */
export function exceedsDailyFocusLimit(tier: PlanTier, completedToday: number): boolean {
  return focusSessionsLeft(tier, completedToday) === 0;
}

/**
 * Whole days either side of an instant within which its local day lies, in any time zone: a
 * local day lasts 23 to 25 hours across a daylight-saving change, and up to 26 hours where a
 * zone moved its offset back by two (Asia/Magadan, 26 October 2014).
 */
const LOCAL_DAY_REACH_DAYS = 2;

/**
 * The instants, epoch ms (both inclusive), between which every session that counts on the local
 * day of `at` ends, whatever the time zone: what the API reads to count the Free plan's daily
 * limit (`at` being now, or the end of the session about to be recorded). Loose by design: it
 * holds parts of the neighbouring days too, and `todayProgress` (the local day of `at` in the
 * user's time zone) still decides which sessions count.
 */
export function dailyLimitWindow(at: number): { start: number; end: number } {
  return { start: at - LOCAL_DAY_REACH_DAYS * DAY_MS, end: at + LOCAL_DAY_REACH_DAYS * DAY_MS };
}

/**
 * The local days (`YYYY-MM-DD` in `timeZone`) on which adding `added` to `existing` would give
 * more completed focus sessions than the Free plan's daily limit, oldest first: where an import
 * would break the limit. Days already over it without `added` are not listed.
 */
export function daysOverDailyLimit(existing: readonly StatsSession[], added: readonly StatsSession[], timeZone?: string): string[] {
  const perDay = (sessions: readonly StatsSession[]) => {
    const counts = new Map<string, number>();
    for (const s of sessions) {
      const end = sessionEndMs(s);
      if (s.type !== "focus" || !s.completed || !Number.isFinite(end)) continue;
      const day = localDayKey(end, timeZone);
      counts.set(day, (counts.get(day) ?? 0) + 1);
    }
    return counts;
  };
  const before = perDay(existing);
  const after = perDay([...existing, ...added]);
  return [...after]
    .filter(([day, count]) => count > FREE_PLAN.focusSessionsPerDay && count > (before.get(day) ?? 0))
    .map(([day]) => day)
    .sort();
}

/**
 * How many websites a plan's blocklist may hold: FREE_PLAN.blockedSites on the Free plan,
 * MAX_BLOCKED_SITES (the sanity cap every user has) otherwise.
 */
export function blockedSitesAllowed(tier: PlanTier): number {
  return tier === "free" ? FREE_PLAN.blockedSites : MAX_BLOCKED_SITES;
}

/**
 * How many Shield schedules a plan may keep: FREE_PLAN.shieldSchedules on the Free plan,
 * MAX_SHIELD_SCHEDULES (the sanity cap) otherwise.
 */
export function shieldSchedulesAllowed(tier: PlanTier): number {
  return tier === "free" ? FREE_PLAN.shieldSchedules : MAX_SHIELD_SCHEDULES;
}

/**
 * The sessions the user's plan shows: all of them for premium and trial; for the Free plan
 * those that ended in the last 7 local days (today included) in `timeZone`.
 */
export function sessionsInHistory<T extends StatsSession>(user: SubscriptionFields, sessions: readonly T[], now: number, timeZone?: string): T[] {
  if (planTier(user, now) !== "free") return [...sessions];
  const days = new Set(timeZone === undefined ? lastLocalDayKeys(now, FREE_PLAN.historyDays) : lastDayKeysIn(now, FREE_PLAN.historyDays, timeZone));
  return sessions.filter((s) => {
    const end = sessionEndMs(s);
    return Number.isFinite(end) && days.has(localDayKey(end, timeZone));
  });
}

/**
 * The earliest start a session shown by `sessionsInHistory` can have, epoch ms, so a list can
 * skip older rows before reading them: undefined (no bound) for premium and trial; for the Free
 * plan the history's days plus one (any time zone) and one longest session earlier than `now`,
 * rounded down to the whole hour (so the lists asked for within one hour are the same query, and
 * the API can keep a page it has read). The bound is loose: `sessionsInHistory` still decides.
 */
export function historyStartBound(user: SubscriptionFields, now: number): number | undefined {
  if (planTier(user, now) !== "free") return undefined;
  const bound = now - (FREE_PLAN.historyDays + 1) * DAY_MS - MAX_SESSION_SECONDS * 1000;
  return Math.floor(bound / HOUR_MS) * HOUR_MS;
}

/** The last `count` day keys in `timeZone`, today last. Steps back a day at a time from noon, so DST shifts never skip one. */
function lastDayKeysIn(now: number, count: number, timeZone: string): string[] {
  const keys: string[] = [];
  let at = now;
  while (keys.length < count) {
    const key = localDayKey(at, timeZone);
    if (keys[0] !== key) keys.unshift(key);
    at -= 12 * 60 * 60 * 1000;
  }
  return keys;
}

/**
 * Who is listening, for the audio rules (`docs/product.md`, Audio): a guest or a visitor (the
 * server cannot tell them apart: a guest exists only in the browser), or a signed-in user's plan.
 */
export type AudioListener = "guest" | PlanTier;

/** The listener a user is at `now` (epoch ms): null (a visitor) and guests are "guest", else their plan. */
export function audioListenerOf(user: SubscriptionFields | null, now: number): AudioListener {
  if (!user || user.isGuest) return "guest";
  return planTier(user, now);
}

/** What guests and visitors may play: the Free plan's tracks of the guest's mood (Deep Work). */
export const GUEST_TRACKS: readonly string[] = FREE_PLAN.tracks.filter((path) => path.startsWith(`${GUEST_AUDIO_MOOD}/`));

/** The library paths (`<mood>/<file>`) a listener may play; null when it may play every file. */
function tracksAllowed(listener: AudioListener): readonly string[] | null {
  if (listener === "guest") return GUEST_TRACKS;
  if (listener === "free") return FREE_PLAN.tracks;
  return null;
}

/** Whether `listener` may play the library file at `path` (`<mood>/<file>`). */
export function listenerMayPlay(listener: AudioListener, path: string): boolean {
  const allowed = tracksAllowed(listener);
  return allowed === null || allowed.includes(path);
}

/**
 * Whether a listener may play an audio library file (`<mood>/<file>`) at `now` (epoch ms): a
 * guest or visitor (null, or `isGuest`) the Free plan's Deep Work tracks (GUEST_TRACKS); a
 * signed-in user any file on premium or in the trial, and the Free plan's three tracks otherwise.
 * The stream route refuses what this refuses; every player picks only what it allows.
 */
export function mayPlayTrack(user: SubscriptionFields | null, path: string, now: number): boolean {
  return listenerMayPlay(audioListenerOf(user, now), path);
}

/** Whether a mood holds no track the listener may play (its tab or button is locked as a whole). */
export function moodLockedFor(listener: AudioListener, mood: string): boolean {
  const allowed = tracksAllowed(listener);
  return allowed !== null && !allowed.some((path) => path.startsWith(`${mood}/`));
}
