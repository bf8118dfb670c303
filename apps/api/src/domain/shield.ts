/**
 * The Website Shield as the extension and the Statistics tab read it (`docs/product.md`, Website
 * Shield; Strict focus; People and plans): the Shield's state in one answer, the recurring block
 * windows under the plan's limit, the measures within the plan's history, and the record of an
 * extension's removal (`docs/api.md`, the Shield routes).
 */
import { randomBytes } from "node:crypto";
import { DAY_MS } from "@focus/core/constants";
import { localDayKey } from "@focus/core/format";
import {
  MAX_SHIELD_SCHEDULES,
  passesOnDayOf,
  SHIELD_MEASURES_LIMIT,
  type ShieldMeasures,
  type ShieldSchedule,
  type ShieldScheduleInput,
  type ShieldState,
  type ShieldStatus,
} from "@focus/core/schemas";
import { FREE_PLAN, FREE_SCHEDULES_MESSAGE, planTier, shieldSchedulesAllowed } from "@focus/core/subscription";
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { HttpError } from "../httpError";
import { findAccountTimer } from "../repositories/accountTimers";
import { passTimesSince } from "../repositories/blockedAttempts";
import { listBlockedSites } from "../repositories/blockedSites";
import { getSettings } from "../repositories/settings";
import { countShieldSchedules, deleteShieldSchedule, insertShieldSchedule, listShieldSchedules } from "../repositories/shieldSchedules";
import { insertExtensionRemoval, setRemovalReason, shieldMeasuresOf, shieldStatusOf } from "../repositories/shieldStatus";
import { findTask } from "../repositories/tasks";
import { lockUserRow } from "../repositories/users";
import { assertNoStrictSession } from "./accountTimer";
import { subscriptionOf } from "./subscription";

/**
 * What the extension enforces for the user, in one answer: the Shield's mode and passes and end
 * warning (from the settings), the blocklist, the block windows with the account's `timeZone` they
 * are read in, the running focus session's task title and intention (null outside a focus
 * session, or for a task no longer the user's), and the delay passes the account took on its day
 * (at `now`, epoch ms) in any browser.
 */
export async function shieldStateOf(db: Kysely<Database>, userId: number, timeZone: string, now = Date.now()): Promise<ShieldState> {
  const [settings, sites, schedules, stored, passTimes] = await Promise.all([
    getSettings(db, userId),
    listBlockedSites(db, userId),
    listShieldSchedules(db, userId),
    findAccountTimer(db, userId),
    passTimesSince(db, userId, new Date(now - 2 * DAY_MS)),
  ]);
  const focus = stored?.timer.mode === "focus" ? stored.timer : null;
  const taskId = focus?.sessionTask?.id ?? null;
  const sessionTask = taskId === null ? null : ((await findTask(db, userId, taskId))?.title ?? null);
  const sessionIntention = focus?.intention ?? null;
  const passesTaken = { day: localDayKey(now, timeZone), count: passesOnDayOf(passTimes, now, timeZone) };
  return { mode: settings.shieldMode, delayPassesPerDay: settings.delayPassesPerDay, sites, schedules, sessionTask, endWarning: settings.endWarning, sessionIntention, timeZone, passesTaken };
}

/** The user's recurring block windows. */
export function shieldSchedulesOf(db: Kysely<Database>, userId: number): Promise<ShieldSchedule[]> {
  return listShieldSchedules(db, userId);
}

/**
 * Adds a block window within the plan's limit, counted under the user's row lock so two adds at
 * once cannot both pass it.
 * @param now epoch ms, which decides the user's plan.
 * @throws HttpError 403 FREE_SCHEDULES_MESSAGE past the Free plan's one; 409 past MAX_SHIELD_SCHEDULES.
 */
export function addShieldSchedule(db: Kysely<Database>, user: UserRow, input: ShieldScheduleInput, now: number): Promise<ShieldSchedule> {
  const allowed = shieldSchedulesAllowed(planTier(subscriptionOf(user), now));
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, user.id);
    if ((await countShieldSchedules(trx, user.id)) >= allowed) {
      throw allowed < MAX_SHIELD_SCHEDULES ? new HttpError(403, FREE_SCHEDULES_MESSAGE) : new HttpError(409, `You can keep at most ${MAX_SHIELD_SCHEDULES} schedules`);
    }
    return insertShieldSchedule(trx, user.id, input);
  });
}

/**
 * Removes one of the user's block windows; never during a strict focus session (the Shield only
 * gets stricter then).
 * @param now epoch ms.
 * @throws HttpError 409 during a strict focus session; 404 for a window that is not the user's.
 */
export async function removeShieldSchedule(db: Kysely<Database>, userId: number, id: number, now: number): Promise<void> {
  await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.schedule);
  if (!(await deleteShieldSchedule(db, userId, id))) throw new HttpError(404, "Schedule not found");
}

/**
 * The paired browsers' reports and shield-off intervals the Statistics tab shows, at most
 * SHIELD_MEASURES_LIMIT: the Free plan's cover its last 7 days (a day more, so the oldest local
 * day is whole in any time zone).
 * @param now epoch ms, which decides the user's plan.
 */
export function shieldMeasuresFor(db: Kysely<Database>, user: UserRow, now: number): Promise<ShieldMeasures> {
  const since = planTier(subscriptionOf(user), now) === "free" ? new Date(now - (FREE_PLAN.historyDays + 1) * DAY_MS).toISOString() : null;
  return shieldMeasuresOf(db, user.id, since, SHIELD_MEASURES_LIMIT);
}

/**
 * Each paired browser's last report and the latest shield-off intervals; a browser counts as not
 * reporting after `offAfterMs` without a report.
 * @param now epoch ms.
 */
export function shieldStatusFor(db: Kysely<Database>, userId: number, now: number, offAfterMs: number): Promise<ShieldStatus> {
  return shieldStatusOf(db, userId, now, offAfterMs);
}

/**
 * Records an extension's removal (the uninstall page, anyone), with a random key (16 bytes,
 * base64url) that alone lets the page add its reason later.
 * @returns the record's id and key.
 */
export async function recordExtensionRemoval(db: Kysely<Database>, at: Date): Promise<{ id: number; key: string }> {
  const key = randomBytes(16).toString("base64url");
  return { id: await insertExtensionRemoval(db, key, at), key };
}

/**
 * Adds the reason (empty or absent: none) to the removal `id`, given its key.
 * @throws HttpError 404 for a wrong id or key.
 */
export async function addRemovalReason(db: Kysely<Database>, id: number, key: string, reason: string | undefined): Promise<void> {
  if (!(await setRemovalReason(db, id, key, reason || null))) throw new HttpError(404, "This removal is not known here");
}
