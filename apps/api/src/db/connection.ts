/**
 * Opens the database the config names (`docs/architecture.md`): SQLite through
 * better-sqlite3, or PostgreSQL through a `pg` pool. Both get the same Kysely<Database>, the
 * same migrations and the same repositories.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";
import pg from "pg";
import { AuthWritesPlugin } from "./authWrites";
import type { Database } from "./database";

/**
 * Which database engine and where (`docs/architecture.md`). Both run the same
 * migrations and code; PostgreSQL also carries the live relay between instances (LISTEN/NOTIFY).
 */
export type DatabaseConfig =
  | { dialect: "sqlite"; /** Absolute path of the database file. */ file: string }
  | { dialect: "postgres"; /** The connection URL as given (`postgres://` or `postgresql://`). */ url: string };

/** How long a writer waits for a lock before SQLITE_BUSY, ms. */
const BUSY_TIMEOUT_MS = 5000;
/** Largest number of pooled PostgreSQL connections per process. */
const POSTGRES_POOL_SIZE = 10;
/** How long a PostgreSQL connection attempt may take before it fails, ms. */
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;
/** Most prepared SQLite statements kept for reuse (distinct SQL texts; least recently used go first). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The better-sqlite3 database as Kysely's SQLite driver sees it, with `prepare(sql)` memoized by
 * SQL text (at most `size` statements, least recently used dropped first): Kysely prepares every
 * query anew, and preparing costs more than running a small query. Reusing a statement is safe
 * here because the driver runs one query at a time on its single connection, and SQLite
 * re-prepares a cached statement by itself after a schema change.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: re-inserting marks the statement most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}

/**
 * Opens the database named by the config. SQLite: creates the file's directory, then WAL
 * journal, foreign keys on, busy timeout. PostgreSQL: a lazy pool (nothing connects until the
 * first query, so a wrong URL surfaces when migrations run at start). SQLite statements are
 * prepared once per SQL text and reused (`withStatementCache`). Writes that may change someone's
 * login session are reported to `onAuthWrite` listeners (`db/authWrites.ts`).
 */
export function createDatabase(database: DatabaseConfig): Kysely<Database> {
  const authWrites = new AuthWritesPlugin();
  const db = open(database, authWrites);
  authWritesPlugins.set(db, authWrites);
  return db;
}

/** Each database's AuthWritesPlugin (also on its transactions, which share its plugins). */
const authWritesPlugins = new WeakMap<Kysely<Database>, AuthWritesPlugin>();

/**
 * Calls `listener` after every UPDATE or DELETE of `users` or `http_sessions` through `db`
 * (`db/authWrites.ts`); returns the unsubscribe.
 * @throws Error when `db` was not opened by `createDatabase`.
 */
export function onAuthWrite(db: Kysely<Database>, listener: () => void): () => void {
  const plugin = authWritesPlugins.get(db);
  if (!plugin) throw new Error("onAuthWrite: the database was not opened by createDatabase");
  return plugin.onWrite(listener);
}

function open(database: DatabaseConfig, authWrites: AuthWritesPlugin): Kysely<Database> {
  const plugins = [authWrites];
  if (database.dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    });
    // An idle client losing its server (restart, failover) must not crash the process; the
    // pool drops it and the next query opens a new one.
    pool.on("error", () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins });
}

/** True when `db` talks to PostgreSQL (for the few statements that differ by engine). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
