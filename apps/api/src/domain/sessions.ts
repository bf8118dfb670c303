/**
 * Recording a session under the user's plan (`docs/product.md`, People and plans): a Free-plan
 * user gets at most FREE_PLAN.focusSessionsPerDay completed focus sessions per local day (the
 * day the session ends, in the caller's time zone); breaks, trial and premium are not limited.
 * No account holds more than MAX_SESSIONS_PER_USER sessions, however they arrive.
 * A repeat of a recorded session (same clientId) is answered with the original before any check:
 * it was allowed when first recorded.
 */

/** What a break past MAX_BREAKS_PER_DAY on its UTC day is refused with (409). */
export const BREAK_LIMIT_MESSAGE = `That day already holds ${MAX_BREAKS_PER_DAY} breaks, the most one day keeps. This break was not recorded.`;

/** What a session past MAX_SESSIONS_PER_USER is refused with (409). */
export const SESSION_CAP_MESSAGE = `Your history already holds ${MAX_SESSIONS_PER_USER.toLocaleString("en-US")} sessions, the most one account keeps. This session was not recorded.`;
import { breakDayOf, escapeProblem, extensionsProblem, INTENTION_MESSAGES, MAX_BREAKS_PER_DAY, MAX_SESSIONS_PER_USER, type Session, type SessionCursor, type SessionInput, type SessionOutcome, type SessionReflection } from "@focus/core/schemas";
import { sessionEndMs, todayProgress } from "@focus/core/stats";
import { dailyLimitWindow, exceedsDailyFocusLimit, FREE_DAILY_LIMIT_MESSAGE, historyStartBound, planTier, sessionsInHistory, type SubscriptionFields } from "@focus/core/subscription";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import type { UserRow } from "../db/tables/users";
import { countBreaksBetween, findSessionByClientId, findSessionOf, insertSessionOnce, listSessionsBetween, listSessionsPage, pageSessionsBetween, sessionCountOf, updateSessionReflection } from "../repositories/sessions";
import { lockUserRow } from "../repositories/users";
import { HttpError } from "../httpError";
import { sessionWriteGate } from "./sessionWrites";
import { subscriptionOf } from "./subscription";
import { assertSessionTask } from "./tasks";

/**
 * The user's completed focus sessions that ended on the local day of `at` (epoch ms) in
 * `timeZone`: what the Free plan's daily limit counts. Reads core's `dailyLimitWindow` around `at`.
 */
export async function focusSessionsOnDayOf(db: Kysely<Database>, userId: number, at: number, timeZone: string): Promise<number> {
  const window = dailyLimitWindow(at);
  const nearby = await listSessionsBetween(db, userId, new Date(window.start), new Date(window.end));
  return todayProgress(nearby, at, timeZone).completedSessionsToday;
}

/**
 * Throws unless one more focus session ending at `input`'s end may be recorded for `user`:
 * the Free plan's daily limit counts the sessions already stored that end on the same local day
 * in `timeZone`.
 * @param now epoch ms, which decides the user's plan.
 * @throws HttpError 403 FREE_DAILY_LIMIT_MESSAGE over the limit.
 */
export async function assertWithinDailyLimit(db: Kysely<Database>, user: UserRow, input: SessionInput, now: number, timeZone: string): Promise<void> {
  if (input.type !== "focus" || !input.completed) return;
  const tier = planTier(subscriptionOf(user), now);
  if (tier !== "free") return;
  if (exceedsDailyFocusLimit(tier, await focusSessionsOnDayOf(db, user.id, sessionEndMs(input), timeZone))) {
    throw new HttpError(403, FREE_DAILY_LIMIT_MESSAGE);
  }
}

/**
 * Whether one more focus session today would go over the plan's daily limit for the user
 * (`userId`, on the plan `subscription`) at `now` (epoch ms), today being the local day of `now`
 * in `timeZone`: what refuses a Free-plan member a room's focus round (`docs/rooms.md`). Reads
 * the database only on the Free plan.
 */
export async function dailyFocusLimitReached(
  db: Kysely<Database>,
  userId: number,
  subscription: SubscriptionFields,
  now: number,
  timeZone: string,
): Promise<boolean> {
  const tier = planTier(subscription, now);
  if (tier !== "free") return false;
  return exceedsDailyFocusLimit(tier, await focusSessionsOnDayOf(db, userId, now, timeZone));
}

/**
 * Records `input` for `user` exactly once, within the plan's limits, in one transaction (the
 * user's row is locked on PostgreSQL, so two devices cannot both record the last free session;
 * on SQLite sessions recorded at the same moment are committed together, `db/groupCommit.ts`).
 * A `taskId` must name one of the user's tasks, on a focus session (`docs/product.md`, Tasks).
 * Waits while an import of the user runs (`domain/sessionWrites.ts`).
 * @returns the session and whether it was created (false: a repeat of a recorded one).
 * @throws HttpError 403 over the Free plan's daily limit; 400 for a task on a break or an escape
 *   mark that does not fit the session (`escapeProblem`); 404 for a
 *   task that is not the user's; 409 SESSION_CAP_MESSAGE past MAX_SESSIONS_PER_USER, 409
 *   BREAK_LIMIT_MESSAGE for a break past MAX_BREAKS_PER_DAY on its UTC day.
 */
export async function recordSessionWithinPlan(
  db: Kysely<Database>,
  user: UserRow,
  input: SessionInput,
  now: number,
  timeZone: string,
): Promise<{ session: Session; created: boolean }> {
  return sessionWriteGate(db).write(user.id, () =>
    writeTransaction(db, async (trx) => {
      await lockUserRow(trx, user.id);
      return recordSessionLocked(trx, user, input, now, timeZone);
    }),
  );
}

/**
 * `recordSessionWithinPlan`'s checks and insert, inside a transaction that already holds the
 * user's row lock (the account timer records the sessions it ends in its own transaction).
 * @throws as `recordSessionWithinPlan`.
 */
export async function recordSessionLocked(
  trx: Kysely<Database>,
  user: UserRow,
  input: SessionInput,
  now: number,
  timeZone: string,
): Promise<{ session: Session; created: boolean }> {
  const problem = escapeProblem(input) ?? extensionsProblem(input);
  if (problem) throw new HttpError(400, problem);
  const recorded = input.clientId ? await findSessionByClientId(trx, user.id, input.clientId) : undefined;
  if (recorded) return { session: recorded, created: false };
  await assertSessionTask(trx, user.id, input);
  await assertWithinDailyLimit(trx, user, input, now, timeZone);
  if (input.type !== "focus") {
    const day = breakDayOf(input.startTime);
    if ((await countBreaksBetween(trx, user.id, day.start, day.end)) >= MAX_BREAKS_PER_DAY) throw new HttpError(409, BREAK_LIMIT_MESSAGE);
  }
  if ((await sessionCountOf(trx, user.id)) >= MAX_SESSIONS_PER_USER) throw new HttpError(409, SESSION_CAP_MESSAGE);
  return insertSessionOnce(trx, user.id, input);
}

/**
 * One page of the user's sessions, newest first, as far back as their plan's history reaches
 * (`docs/product.md`, People and plans: the Free plan sees its last 7 local days, in `timeZone`).
 * @param page `limit` sessions at most, after `cursor` (the last session of the previous page).
 * @param now epoch ms, which decides the user's plan.
 * @returns the sessions, and whether more follow past the history's bound.
 */
export async function sessionHistoryPage(
  db: Kysely<Database>,
  user: UserRow,
  page: { limit: number; cursor?: SessionCursor },
  now: number,
  timeZone: string,
): Promise<{ sessions: Session[]; hasMore: boolean }> {
  const subscription = subscriptionOf(user);
  const startBound = historyStartBound(subscription, now);
  const { sessions, hasMore } = await listSessionsPage(db, user.id, { ...page, startedFrom: startBound === undefined ? undefined : new Date(startBound) });
  return { sessions: sessionsInHistory(subscription, sessions, now, timeZone), hasMore };
}

/**
 * One page of the sessions the user's plan shows that end within [start, end] (`sessionsInHistory`;
 * `GET /api/sessions/range`): the Free plan's bound is in the query (`historyStartBound`), so
 * older rows are never read; `page` is its size and the cursor after which it starts.
 * @returns the page and the next page's cursor (null on the last).
 */
export async function sessionHistoryBetween(
  db: Kysely<Database>,
  user: UserRow,
  range: { start: Date; end: Date },
  page: { limit: number; cursor?: SessionCursor },
  now: number,
  timeZone: string,
): Promise<{ sessions: Session[]; next: SessionCursor | null }> {
  const subscription = subscriptionOf(user);
  const bound = historyStartBound(subscription, now);
  const start = bound === undefined || bound <= range.start.getTime() ? range.start : new Date(bound);
  if (start.getTime() > range.end.getTime()) return { sessions: [], next: null };
  const { sessions, next } = await pageSessionsBetween(db, user.id, start, range.end, page);
  return { sessions: sessionsInHistory(subscription, sessions, now, timeZone), next };
}

/**
 * Sets the reflection (outcome, rating) on one of the user's own focus sessions, named by its id
 * or its clientId. Only the caller's own session is ever read or changed: another user's looks
 * like none.
 * @returns the session as stored.
 * @throws HttpError 404 for a session that is not the user's; 400 for a break.
 */
export async function reflectOnSession(
  db: Kysely<Database>,
  userId: number,
  ref: { id: number } | { clientId: string },
  reflection: SessionReflection,
): Promise<Session> {
  const found = await findSessionOf(db, userId, ref);
  if (!found) throw new HttpError(404, INTENTION_MESSAGES.notFound);
  if (found.type !== "focus") throw new HttpError(400, INTENTION_MESSAGES.focusOnly);
  const session = await updateSessionReflection(db, userId, ref, reflection);
  if (!session) throw new HttpError(404, INTENTION_MESSAGES.notFound);
  return session;
}

/** How close to a room's focus round's end the user's session of that round ends, ms: the server records it when the round ends. */
const ROUND_SESSION_END_SLACK_MS = 60_000;

/**
 * How the user's focus session of a room's focus round went (its reflection's `outcome`): the
 * newest focus session with an outcome that ended within a minute of the round's end
 * (`round.endsAt`, epoch ms, the round started at `round.startedAt`); null when none. A room
 * shows it as the member's check-in when they come back during the break after a reload or on
 * another instance (`docs/rooms.md`, Check-in): the answer is kept with the session, so it
 * outlives the connection that gave it.
 */
export async function roundOutcomeOf(db: Kysely<Database>, userId: number, round: { startedAt: number; endsAt: number }): Promise<SessionOutcome | null> {
  const sessions = await listSessionsBetween(db, userId, new Date(round.endsAt - ROUND_SESSION_END_SLACK_MS), new Date(round.endsAt + ROUND_SESSION_END_SLACK_MS));
  const answered = sessions.filter((session) => session.type === "focus" && session.outcome != null && Date.parse(session.startTime) >= round.startedAt - ROUND_SESSION_END_SLACK_MS);
  return answered.at(-1)?.outcome ?? null;
}
