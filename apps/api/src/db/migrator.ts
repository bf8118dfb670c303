import { type Kysely, type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./database";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration (at start).
 * @returns the names of the migrations applied now (empty when up to date).
 * @throws Error naming the failed migration; the database is left at the last good one.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    // No failed migration means none could start, e.g. the database could not be reached.
    const what = failed ? `Database migration ${failed.migrationName} failed` : "Database migrations could not run";
    throw new Error(`${what}: ${cause}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
