import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Config } from "../env";
import type { Database } from "./database";

/** How long a writer waits for a lock before SQLITE_BUSY, ms. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database named by the config. SQLite: creates the file's directory, then
 * WAL journal, foreign keys on, busy timeout.
 */
export function createDatabase(database: Config["database"]): Kysely<Database> {
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
