/**
 * Saving settings (`docs/product.md`, Settings): a device sends only the settings that changed,
 * and they are merged over the stored ones in one transaction that holds the user's row lock,
 * so two devices saving at once both keep their change; the whole is validated again. During a
 * strict focus session a change that loosens the Shield is refused (409).
 */
import { settingsSchema, type Settings, type SettingsUpdate } from "@focus/core/schemas";
import { loosensShield, STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import { getSettings, saveSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";
import { assertNoStrictSession } from "./accountTimer";

/** Drops keys whose value is undefined so they do not erase stored values. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Merges `changes` over the user's stored settings and stores the whole; returns it.
 * @throws HttpError 409 when the change loosens the Shield during a strict focus session.
 */
export function saveSettingsChanges(db: Kysely<Database>, userId: number, changes: SettingsUpdate): Promise<Settings> {
  return writeTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const current = await getSettings(trx, userId);
    const next = settingsSchema.parse({ ...current, ...stripUndefined(changes) });
    // The Shield only gets stricter during a strict focus session.
    if (loosensShield(current, next)) await assertNoStrictSession(trx, userId, Date.now(), STRICT_SHIELD_MESSAGES.settings);
    return saveSettings(trx, userId, next);
  });
}
