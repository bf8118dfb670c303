/**
 * Opens the database the config names (`docs/architecture.md`): SQLite through
 * better-sqlite3, or PostgreSQL through a `pg` pool. Both get the same Kysely<Database>, the
 * same migrations and the same repositories.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../env";
import type { Database } from "./database";

/** How long a writer waits for a lock before SQLITE_BUSY, ms. */
const BUSY_TIMEOUT_MS = 5000;
/** Largest number of pooled PostgreSQL connections per process. */
const POSTGRES_POOL_SIZE = 10;
/** How long a PostgreSQL connection attempt may take before it fails, ms. */
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the database named by the config. SQLite: creates the file's directory, then WAL
 * journal, foreign keys on, busy timeout. PostgreSQL: a lazy pool (nothing connects until the
 * first query, so a wrong URL surfaces when migrations run at start).
 */
export function createDatabase(database: DatabaseConfig): Kysely<Database> {
  if (database.dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    });
    // An idle client losing its server (restart, failover) must not crash the process; the
    // pool drops it and the next query opens a new one.
    pool.on("error", () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** True when `db` talks to PostgreSQL (for the few statements that differ by engine). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
