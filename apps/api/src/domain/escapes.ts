/**
 * End early on the server (`docs/product.md`, Strict focus): the user asks to end a strict focus
 * session (`POST /api/timer/escape`), the server notes when and answers the wait (60 s, or
 * 5 minutes once the week's escapes, counted from the stored sessions, reach the user's
 * "Escapes per week"); an `endEarly` command is applied only once that wait is over on the
 * server's clock (`escapesTooSoon` in core), so a page or a script that skips the wait ends
 * nothing. A new ask starts the wait over, as reopening the page's dialog does.
 */
import { DAY_MS } from "@focus/core/constants";
import { escapesThisWeek, escapeWaitMs, strictSessionHeld, type EscapeAsk, type EscapeWaitAnswer } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { HttpError } from "../httpError";
import { findAccountTimer } from "../repositories/accountTimers";
import { listSessionsBetween } from "../repositories/sessions";
import { getSettings } from "../repositories/settings";
import { findUserById, updateUser } from "../repositories/users";

/** 409 when there is no strict focus session to end early. */
export const NO_STRICT_SESSION_MESSAGE = "There is no strict focus session to end early.";

/** End early's wait for the user at `now` (epoch ms), from the week's stored escapes and their allowance. */
async function escapeWaitFor(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const settings = await getSettings(db, userId);
  const recent = await listSessionsBetween(db, userId, new Date(now - 8 * DAY_MS), new Date(now + DAY_MS));
  return escapeWaitMs(escapesThisWeek(recent, now), settings.escapesPerWeek);
}

/**
 * Notes that the user asks to end their strict focus session early at `now` (epoch ms), and
 * answers the wait.
 * @throws HttpError 409 NO_STRICT_SESSION_MESSAGE when no strict focus session runs or is paused.
 */
export async function askEscape(db: Kysely<Database>, userId: number, now: number): Promise<EscapeWaitAnswer> {
  const stored = await findAccountTimer(db, userId);
  if (!stored || !strictSessionHeld(stored.timer, now)) throw new HttpError(409, NO_STRICT_SESSION_MESSAGE);
  const waitMs = await escapeWaitFor(db, userId, now);
  await updateUser(db, userId, { escape_asked_at: new Date(now).toISOString() });
  return { waitMs, endsAt: now + waitMs, serverNow: now };
}

/** The user's last ask to end early with its wait, or null when they never asked. */
export async function escapeAskOf(db: Kysely<Database>, userId: number, now: number): Promise<EscapeAsk | null> {
  const user = await findUserById(db, userId);
  if (!user?.escape_asked_at) return null;
  return { askedAt: Date.parse(user.escape_asked_at), waitMs: await escapeWaitFor(db, userId, now) };
}
