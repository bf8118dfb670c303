import type { Insertable, Selectable, Updateable } from "kysely";

/** Table `settings`: one row per user who saved settings. */
export interface SettingsTable {
  user_id: number;
  /** The full settings object as JSON text. */
  data: string;
  updated_at: string;
}

export type SettingsRow = Selectable<SettingsTable>;
export type NewSettingsRow = Insertable<SettingsTable>;
export type SettingsRowUpdate = Updateable<SettingsTable>;
