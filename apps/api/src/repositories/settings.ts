/** Settings repository: one JSON row per user. */
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * The user's settings: stored values over DEFAULT_SETTINGS. A stored value that no longer
 * validates (e.g. a range narrowed later) falls back to its default.
 */
export async function getSettings(db: Kysely<Database>, userId: number): Promise<Settings> {
  const row = await db.selectFrom("settings").select("data").where("user_id", "=", userId).executeTakeFirst();
  if (!row) return { ...DEFAULT_SETTINGS };
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  const shape = settingsSchema.shape;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(shape) as (keyof Settings)[]) {
    if (shape[key].safeParse(stored[key]).success) merged[key] = stored[key];
  }
  return settingsSchema.parse(merged);
}

/** Stores the user's full settings (insert or replace) and returns them. */
export async function saveSettings(db: Kysely<Database>, userId: number, settings: Settings): Promise<Settings> {
  const data = JSON.stringify(settings);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("settings")
    .values({ user_id: userId, data, updated_at: updatedAt })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ data, updated_at: updatedAt }))
    .execute();
  return settings;
}

/** Deletes the user's settings row (no error when absent). */
export async function deleteSettings(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("settings").where("user_id", "=", userId).execute();
}
