import type { Insertable, Selectable } from "kysely";

/** Table `app_secrets`: secrets the app generated for itself, by name (PostgreSQL: "session"). */
export interface AppSecretsTable {
  /** What the secret is for, e.g. "session" (the cookie-signing secret). */
  name: string;
  value: string;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type AppSecretRow = Selectable<AppSecretsTable>;
export type NewAppSecretRow = Insertable<AppSecretsTable>;
