/**
 * The account's time zone (`docs/product.md`, People and plans): the IANA zone in which the
 * server counts the account's local days (the Free plan's daily focus sessions, its last 7 days
 * of history, today's progress). A device names its zone on every request (`X-Time-Zone`); the
 * account takes it when it has none yet, and changes to another only once TIME_ZONE_HOLD_MS has
 * passed since its last change (a trip), so naming a new zone request after request never
 * starts a new day.
 */
import { DAY_MS } from "@focus/core/constants";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
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
  if (named === null || named === held) return held ?? FALLBACK_TIME_ZONE;
  const since = user.time_zone_set_at === null ? Number.NEGATIVE_INFINITY : Date.parse(user.time_zone_set_at);
  if (held !== null && now - since < TIME_ZONE_HOLD_MS) return held;
  const setAt = new Date(now).toISOString();
  await updateUser(db, user.id, { time_zone: named, time_zone_set_at: setAt });
  user.time_zone = named;
  user.time_zone_set_at = setAt;
  return named;
}
