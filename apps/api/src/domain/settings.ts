/**
 * Saving settings (`docs/product.md`, Settings): a device sends only the settings that changed,
 * and they are merged over the stored ones in one transaction that holds the user's row lock,
 * so two devices saving at once both keep their change; the whole is validated again.
 */
import { settingsSchema, type Settings, type SettingsUpdate } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import { getSettings, saveSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";

/** Drops keys whose value is undefined so they do not erase stored values. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Merges `changes` over the user's stored settings and stores the whole; returns it. */
export function saveSettingsChanges(db: Kysely<Database>, userId: number, changes: SettingsUpdate): Promise<Settings> {
  return writeTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const current = await getSettings(trx, userId);
    return saveSettings(trx, userId, settingsSchema.parse({ ...current, ...stripUndefined(changes) }));
  });
}
