import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../src/db/connection";
import { migrations } from "../src/db/migrations";
import { migrateToLatest } from "../src/db/migrator";

describe("migrations", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("tags login sessions stored before 2026_11_22_0002 with their user", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "focus-migrate-"));
    const db = createDatabase({ dialect: "sqlite", file: path.join(dir, "focus.db") });
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
      const rows = await db.selectFrom("http_sessions").select(["sid", "user_id"]).orderBy("sid").execute();
      expect(rows).toEqual([
        { sid: "anonymous", user_id: null },
        { sid: "garbled", user_id: null },
        { sid: "logged-in", user_id: 7 },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it("migrates the latest migration down and up again", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "focus-migrate-"));
    const db = createDatabase({ dialect: "sqlite", file: path.join(dir, "focus.db") });
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
