import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "../src/db/connection";
import { reusableQuery } from "../src/db/reusableQuery";

interface TestDatabase {
  items: { id: number; name: string; size: number };
}

describe("SQLite statement reuse", () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function open(size?: number) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "focus-statements-"));
    const sqlite = new SQLite(path.join(dir, "test.db"));
    sqlite.exec("create table items (id integer primary key, name text not null, size integer not null)");
    const prepare = vi.spyOn(sqlite, "prepare");
    const db = new Kysely<TestDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, size) }) });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => void db.destroy());
    return { db, prepare };
  }

  it("prepares each SQL text once and reuses the statement", async () => {
    const { db, prepare } = open();
    for (let i = 1; i <= 5; i++) await db.insertInto("items").values({ id: i, name: `item ${i}`, size: i * 10 }).execute();
    for (let i = 1; i <= 5; i++) {
      expect(await db.selectFrom("items").select("name").where("id", "=", i).executeTakeFirst()).toEqual({ name: `item ${i}` });
    }
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("keeps at most its size of statements, dropping the least recently used", async () => {
    const { db, prepare } = open(2);
    const byName = () => db.selectFrom("items").selectAll().where("name", "=", "x").execute();
    const bySize = () => db.selectFrom("items").selectAll().where("size", "=", 1).execute();
    const byId = () => db.selectFrom("items").selectAll().where("id", "=", 1).execute();
    await byName();
    await bySize();
    await byName();
    expect(prepare).toHaveBeenCalledTimes(2);
    await byId(); // drops bySize, the least recently used
    await byName();
    expect(prepare).toHaveBeenCalledTimes(3);
    await bySize();
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("sees a column added after a statement was cached", async () => {
    const { db } = open();
    await db.insertInto("items").values({ id: 1, name: "a", size: 1 }).execute();
    const all = () => db.selectFrom("items").selectAll().execute();
    expect(await all()).toEqual([{ id: 1, name: "a", size: 1 }]);
    await db.schema.alterTable("items").addColumn("colour", "text").execute();
    expect(await all()).toEqual([{ id: 1, name: "a", size: 1, colour: null }]);
  });

  it("runs a reusable query with new arguments, inside and outside a transaction", async () => {
    const { db } = open();
    await db
      .insertInto("items")
      .values([1, 2, 3].map((id) => ({ id, name: `item ${id}`, size: id })))
      .execute();
    const named = reusableQuery(2, (kysely: Kysely<TestDatabase>, name: string, atLeast: number) =>
      kysely.selectFrom("items").select(["id", "name"]).where("name", "=", name).where("size", ">=", atLeast).limit(10),
    );
    expect(await named(db, "item 2", 1)).toEqual([{ id: 2, name: "item 2" }]);
    expect(await named(db, "item 2", 3)).toEqual([]);
    expect(await named(db, "item 3", 3)).toEqual([{ id: 3, name: "item 3" }]);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("items").values({ id: 4, name: "item 4", size: 4 }).execute();
      expect(await named(trx, "item 4", 0)).toEqual([{ id: 4, name: "item 4" }]);
    });
  });

  it("refuses a builder that does not pass every argument as a value", async () => {
    const { db } = open();
    const unused = reusableQuery(1, (kysely: Kysely<TestDatabase>, _name: string) => kysely.selectFrom("items").selectAll());
    await expect(unused(db, "x")).rejects.toThrow(/every argument/);
  });
});
