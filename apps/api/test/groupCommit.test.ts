import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, Kysely, sql, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { writeTransaction } from "../src/db/groupCommit";

interface TestDatabase {
  owners: { id: number };
  items: { id: Generated<number>; owner_id: number; name: string };
}

/** Group commit on SQLite (`src/db/groupCommit.ts`): what a caller of writeTransaction relies on. */
describe("write transactions committed together", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The app's connection (Kysely) and a second, plain one on the same file: what another reader sees. */
  function open() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "focus-group-commit-"));
    const file = path.join(dir, "test.db");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.exec("create table owners (id integer primary key); insert into owners (id) values (1);");
    sqlite.exec("create table items (id integer primary key, owner_id integer not null references owners(id), name text not null unique)");
    const db = new Kysely<TestDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
    const reader = new SQLite(file, { readonly: true });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => db.destroy());
    cleanups.push(() => void reader.close());
    const committedNames = () => (reader.prepare("select name from items order by id").all() as Array<{ name: string }>).map((row) => row.name);
    return { db, committedNames };
  }

  const insert = (name: string) => async (trx: Kysely<TestDatabase>) => {
    await trx.insertInto("items").values({ owner_id: 1, name }).execute();
    return name;
  };

  it("stores every work of a batch, each resolving to its own result once all are committed", async () => {
    const { db, committedNames } = open();
    const seen: string[][] = [];
    const works = ["a", "b", "c"].map((name) => writeTransaction(db, insert(name)).then((result) => (seen.push(committedNames()), result)));
    expect(committedNames()).toEqual([]);
    expect(await Promise.all(works)).toEqual(["a", "b", "c"]);
    // Each promise settled after the one commit: every work saw all three stored.
    expect(seen).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c"],
      ["a", "b", "c"],
    ]);
  });

  it("undoes a failing work alone, which rejects with its own error", async () => {
    const { db, committedNames } = open();
    const results = await Promise.allSettled([
      writeTransaction(db, insert("a")),
      writeTransaction(db, async (trx) => {
        await insert("half-done")(trx);
        throw new Error("over the limit");
      }),
      writeTransaction(db, insert("a")),
      writeTransaction(db, insert("b")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("over the limit"));
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain("UNIQUE constraint failed");
    expect(committedNames()).toEqual(["a", "b"]);
  });

  it("rejects every work of a batch whose commit fails, and stores none of them", async () => {
    const { db, committedNames } = open();
    const good = writeTransaction(db, insert("good"));
    // A foreign key checked at commit: the statement succeeds, the commit is refused.
    const orphan = writeTransaction(db, async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await trx.insertInto("items").values({ owner_id: 99, name: "orphan" }).execute();
    });
    const results = await Promise.allSettled([good, orphan]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain("FOREIGN KEY constraint failed");
    expect(committedNames()).toEqual([]);
    // The database takes the next batch as usual.
    await expect(writeTransaction(db, insert("after"))).resolves.toBe("after");
    expect(committedNames()).toEqual(["after"]);
  });

  it("takes works queued while a batch commits in the next batch", async () => {
    const { db, committedNames } = open();
    let later: Promise<string> | undefined;
    const first = writeTransaction(db, async (trx) => {
      later = writeTransaction(db, insert("later"));
      return insert("first")(trx);
    });
    expect(await first).toBe("first");
    expect(committedNames()).toEqual(["first"]);
    expect(await later).toBe("later");
    expect(committedNames()).toEqual(["first", "later"]);
  });

  it("runs a work given a transaction inside it, leaving the commit to its owner", async () => {
    const { db, committedNames } = open();
    await db.transaction().execute(async (trx) => {
      expect(await writeTransaction(trx, insert("inner"))).toBe("inner");
      expect(committedNames()).toEqual([]);
    });
    expect(committedNames()).toEqual(["inner"]);
  });
});
