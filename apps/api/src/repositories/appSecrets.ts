/** App secrets repository (table app_secrets): generated once, then shared by every instance. */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/**
 * The secret stored under `name`; when there is none yet, `generate()`'s value is stored and
 * returned. Instances starting at once all get the one value that won (insert … on conflict
 * do nothing, then read).
 */
export async function getOrCreateAppSecret(db: Kysely<Database>, name: string, generate: () => string): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name, value: generate(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
