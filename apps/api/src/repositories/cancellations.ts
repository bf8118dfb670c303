/** Cancellations repository (`docs/product.md`, People and plans). */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { CancellationRow, NewCancellationRow } from "../db/tables/cancellations";

/** Records one cancellation and returns the stored row. */
export async function insertCancellation(db: Kysely<Database>, row: NewCancellationRow): Promise<CancellationRow> {
  return db.insertInto("cancellations").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes every cancellation of the user; returns how many. */
export async function deleteCancellationsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("cancellations").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Each user's latest cancellation (the highest id), keyed by user id. */
export async function latestCancellationsByUser(db: Kysely<Database>): Promise<Map<number, CancellationRow>> {
  const rows = await db
    .selectFrom("cancellations")
    .selectAll()
    .where("id", "in", (eb) => eb.selectFrom("cancellations").select((inner) => inner.fn.max("id").as("id")).groupBy("user_id"))
    .execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}
