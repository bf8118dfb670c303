/**
 * The account's time zone (`docs/product.md`, People and plans): the IANA zone in which the
 * server counts the account's local days (the Free plan's daily focus sessions, its last 7 days
 * of history, today's progress). A device names its zone on every request (`X-Time-Zone`); the
 * account takes it when it has none yet, and changes to another only once TIME_ZONE_HOLD_MS has
 * passed since its last change (a trip), so naming a new zone request after request never
 * starts a new day. The user may also choose the zone in Settings, at most once per
 * TIME_ZONE_HOLD_MS; a chosen zone is never moved by a device.
 */
import { DAY_MS } from "@focus/core/constants";
import type { AccountTimeZoneAnswer } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import { HttpError } from "../httpError";
import { updateUser } from "../repositories/users";

/** How long the account keeps a zone before a device may change it, ms (24 hours). */
export const TIME_ZONE_HOLD_MS = DAY_MS;

/** The zone used when neither the account nor the request names one. */
const FALLBACK_TIME_ZONE = "UTC";

/**
 * The zone `user`'s local days are counted in at `now` (epoch ms), given the zone the request
 * named (`named`, null when it named none or an unknown one). Stores `named` as the account's
 * zone when the account has none or has held its zone for TIME_ZONE_HOLD_MS; updates `user`'s
 * row in place when it does.
 */
export async function accountTimeZone(db: Kysely<Database>, user: UserRow, named: string | null, now: number): Promise<string> {
  const held = user.time_zone;
  if (named === null || named === held || user.time_zone_chosen_at !== null) return held ?? FALLBACK_TIME_ZONE;
  const since = user.time_zone_set_at === null ? Number.NEGATIVE_INFINITY : Date.parse(user.time_zone_set_at);
  if (held !== null && now - since < TIME_ZONE_HOLD_MS) return held;
  const setAt = new Date(now).toISOString();
  await updateUser(db, user.id, { time_zone: named, time_zone_set_at: setAt });
  user.time_zone = named;
  user.time_zone_set_at = setAt;
  return named;
}

/** When `user` may choose a zone again (epoch ms): a day after their last choice; null when they may now (`now`, epoch ms). */
function changeableAt(user: UserRow, now: number): number | null {
  if (user.time_zone_chosen_at === null) return null;
  const next = Date.parse(user.time_zone_chosen_at) + TIME_ZONE_HOLD_MS;
  return next > now ? next : null;
}

/** The account's time zone as Settings shows it at `now` (epoch ms). */
export function timeZoneOf(user: UserRow, now: number): AccountTimeZoneAnswer {
  const next = changeableAt(user, now);
  return { timeZone: user.time_zone, chosen: user.time_zone_chosen_at !== null, changeableAt: next === null ? null : new Date(next).toISOString() };
}

/**
 * The user chooses `zone` (a known IANA name) in Settings at `now` (epoch ms): the account's days
 * are counted in it from now on, and no device moves it. Choosing the zone the account already
 * has only marks it chosen.
 * @throws HttpError 409 within TIME_ZONE_HOLD_MS of their last choice (so choosing zone after zone never starts a new day).
 */
export async function chooseTimeZone(db: Kysely<Database>, user: UserRow, zone: string, now: number): Promise<AccountTimeZoneAnswer> {
  const next = changeableAt(user, now);
  if (next !== null && zone !== user.time_zone) {
    const when = new Date(next).toISOString().slice(0, 16).replace("T", " at ");
    throw new HttpError(409, `Your time zone can change once a day. You can change it again on ${when} UTC.`);
  }
  const at = new Date(now).toISOString();
  const update = zone === user.time_zone && user.time_zone_chosen_at !== null ? {} : { time_zone: zone, time_zone_set_at: at, time_zone_chosen_at: at };
  if (Object.keys(update).length > 0) {
    await updateUser(db, user.id, update);
    Object.assign(user, update);
  }
  return timeZoneOf(user, now);
}
