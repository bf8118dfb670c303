import { DEFAULT_MIGRATION_TABLE, type Kysely, type MigrationProvider, Migrator, sql } from "kysely";
import type { Database } from "./database";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration (at start); a database that has run them all is only read once.
 * @returns the names of the migrations applied now (empty when up to date).
 * @throws Error naming the failed migration; the database is left at the last good one.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await isUpToDate(db)) return [];
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

/**
 * Whether the database has run exactly the known migrations, read in one query. Kysely's migrator
 * first looks for its own tables through the database's catalogue (every column of every table,
 * several times per start: on PostgreSQL a millisecond or more each, and the largest part of what
 * the API tests' many app starts cost the database), so a start with nothing to do skips it.
 * Anything else (no migration table yet, a migration missing, one this build does not know) goes
 * the migrator's way, which applies or reports it under its lock.
 */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  let executed: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    executed = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const known = Object.keys(migrations);
  return executed.length === known.length && known.every((name) => executed.includes(name));
}
