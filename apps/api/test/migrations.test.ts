import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../src/db/connection";
import type { Database } from "../src/db/database";
import { migrations } from "../src/db/migrations";
import { migrateToLatest } from "../src/db/migrator";
import { hashSessionId } from "../src/repositories/httpSessions";
import { deleteSessionByClientId, deleteSessionsOfUser, insertSession, insertSessionRows, sessionCountOf } from "../src/repositories/sessions";
import { createTestPostgresDatabase, TEST_ENGINE } from "./helpers";

/** Runs on the project's engine: a temp SQLite file (api) or a new PostgreSQL database (api-pg). */
describe(`migrations (${TEST_ENGINE})`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An empty database of the engine under test, removed after the test. */
  async function emptyDatabase(): Promise<Kysely<Database>> {
    if (TEST_ENGINE === "postgres") {
      const { url, drop } = await createTestPostgresDatabase();
      cleanups.push(drop);
      return createDatabase({ dialect: "postgres", url });
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "focus-migrate-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return createDatabase({ dialect: "sqlite", file: path.join(dir, "focus.db") });
  }

  it("tags login sessions stored before 2026_11_22_0002 with their user", async () => {
    const db = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const first = await migrator.migrateTo("2026_11_22_0001_initial_schema");
      expect(first.error).toBeUndefined();
      const expires = new Date(Date.now() + 60_000).toISOString();
      // Written through an untyped handle: the user_id column does not exist yet.
      const untyped = db.withTables<{ http_sessions: { sid: string; data: string; expires_at: string } }>();
      await untyped
        .insertInto("http_sessions")
        .values([
          { sid: "logged-in", data: JSON.stringify({ cookie: {}, userId: 7 }), expires_at: expires },
          { sid: "anonymous", data: JSON.stringify({ cookie: {} }), expires_at: expires },
          { sid: "garbled", data: "{not json", expires_at: expires },
        ])
        .execute();

      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).slice(1));
      // Stored under their hashes since 2026_11_28_0001.
      const rows = await db.selectFrom("http_sessions").select(["sid", "user_id"]).execute();
      expect(new Map(rows.map((row) => [row.sid, row.user_id]))).toEqual(
        new Map([
          [hashSessionId("anonymous"), null],
          [hashSessionId("garbled"), null],
          [hashSessionId("logged-in"), 7],
        ]),
      );
    } finally {
      await db.destroy();
    }
  });

  it("stores login sessions under the hash of their id from 2026_11_28_0001, keeping everyone logged in", async () => {
    const db = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo("2026_11_27_0001_sessions_within_years");
      expect(before.error).toBeUndefined();
      const expires = new Date(Date.now() + 60_000).toISOString();
      const sids = Array.from({ length: 30 }, (_, i) => `session-id-${i}-${"x".repeat(i)}`);
      await db
        .insertInto("http_sessions")
        .values(sids.map((sid, i) => ({ sid, data: JSON.stringify({ cookie: {}, n: i }), expires_at: expires, user_id: null })))
        .execute();

      expect(await migrateToLatest(db)).toContain("2026_11_28_0001_hash_session_ids");
      const rows = await db.selectFrom("http_sessions").select(["sid", "data"]).execute();
      expect(rows).toHaveLength(sids.length);
      for (const row of rows) expect(sids).not.toContain(row.sid);
      // Each session is still found by its id, with its own data.
      for (const [i, sid] of sids.entries()) {
        const row = rows.find((r) => r.sid === hashSessionId(sid));
        expect(row && JSON.parse(row.data)).toEqual({ cookie: {}, n: i });
      }
    } finally {
      await db.destroy();
    }
  });

  it("adds tasks and focus_sessions.task_id in 2026_11_29_0001, keeping the sessions stored before, and takes them away going down", async () => {
    const db = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026_11_28_0001_hash_session_ids")).error).toBeUndefined();
      const now = new Date().toISOString();
      const user = await db
        .insertInto("users")
        .values({ username: "tasker", email: null, password_hash: "x", subscription_plan: "free", subscription_status: "trial", trial_end_date: null, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Written through an untyped handle: the task_id column does not exist yet.
      const untyped = db.withTables<{ focus_sessions: { user_id: number; start_time: string; duration: number; type: string; completed: number; created_at: string } }>();
      await untyped
        .insertInto("focus_sessions")
        .values({ user_id: user.id, start_time: now, duration: 1500, type: "focus", completed: 1, created_at: now })
        .execute();

      expect((await migrator.migrateTo("2026_11_29_0001_tasks")).error).toBeUndefined();
      expect(await db.selectFrom("focus_sessions").select(["duration", "task_id"]).execute()).toEqual([{ duration: 1500, task_id: null }]);
      const task = { user_id: user.id, client_id: "c1", title: "Task", estimate: 2, done: 0, position: 0, created_at: now, completed_at: null };
      await db.insertInto("tasks").values(task).execute();
      // One task per (user, clientId); estimates outside 1-20 never stored.
      await expect(db.insertInto("tasks").values(task).execute()).rejects.toThrow();
      await expect(db.insertInto("tasks").values({ ...task, client_id: "c2", estimate: 21 }).execute()).rejects.toThrow();

      expect((await migrator.migrateTo("2026_11_28_0001_hash_session_ids")).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain("tasks");
      expect(tables.find((table) => table.name === "focus_sessions")?.columns.map((column) => column.name)).not.toContain("task_id");
      expect(await migrateToLatest(db)).toContain("2026_11_29_0001_tasks");
    } finally {
      await db.destroy();
    }
  });

  it("counts each account's stored sessions in 2026_12_14_0001, and every later write keeps the count", async () => {
    const db = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026_12_13_0001_pass_count_index")).error).toBeUndefined();
      const now = new Date().toISOString();
      const newUser = (username: string) =>
        db
          .insertInto("users")
          .values({ username, email: null, password_hash: "x", subscription_plan: "free", subscription_status: "trial", trial_end_date: null, created_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
      const [ada, bo, cy] = [await newUser("ada"), await newUser("bo"), await newUser("cy")];
      const session = (userId: number, minute: number) => ({ user_id: userId, start_time: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), duration: 60, type: "focus" as const, completed: 1, created_at: now });
      await db.insertInto("focus_sessions").values([session(ada.id, 0), session(ada.id, 1), session(ada.id, 2), session(bo.id, 0)]).execute();

      expect((await migrator.migrateTo("2026_12_14_0001_session_counts")).error).toBeUndefined();
      const counts = async () => Object.fromEntries((await db.selectFrom("session_counts").select(["user_id", "count"]).execute()).map((row) => [row.user_id, Number(row.count)]));
      expect(await counts()).toEqual({ [ada.id]: 3, [bo.id]: 1 });
      expect(await sessionCountOf(db, cy.id)).toBe(0);

      // A post, an Undo's withdrawal, an import, and deleting the history each move the count.
      await insertSession(db, cy.id, { startTime: new Date(Date.UTC(2026, 0, 2)).toISOString(), duration: 1500, type: "focus", completed: true, clientId: "6f1c2e5a-0000-4000-8000-000000000001" });
      expect(await sessionCountOf(db, cy.id)).toBe(1);
      expect(await deleteSessionByClientId(db, cy.id, "6f1c2e5a-0000-4000-8000-000000000001")).toBe(true);
      expect(await deleteSessionByClientId(db, cy.id, "6f1c2e5a-0000-4000-8000-000000000001")).toBe(false);
      expect(await sessionCountOf(db, cy.id)).toBe(0);
      expect(await insertSessionRows(db, ada.id, [session(ada.id, 3), session(ada.id, 4)])).toBe(2);
      expect(await sessionCountOf(db, ada.id)).toBe(5);
      expect(await deleteSessionsOfUser(db, ada.id)).toBe(5);
      expect(await counts()).toEqual({ [bo.id]: 1, [cy.id]: 0 });
    } finally {
      await db.destroy();
    }
  });

  it("migrates the latest migration down and up again", async () => {
    const db = await emptyDatabase();
    try {
      await migrateToLatest(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).slice(-1));
    } finally {
      await db.destroy();
    }
  });
});
