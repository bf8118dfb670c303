/** Shield schedules repository (`docs/product.md`, Schedules): every query is scoped to one user. */
import { minutesOfTime, type ShieldSchedule, type ShieldScheduleInput, timeOfMinutes } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { ShieldScheduleRow } from "../db/tables/shieldSchedules";

/** Row → API shape. */
function toSchedule(row: Pick<ShieldScheduleRow, "id" | "days" | "start_minute" | "end_minute">): ShieldSchedule {
  return { id: row.id, days: JSON.parse(row.days) as number[], start: timeOfMinutes(row.start_minute), end: timeOfMinutes(row.end_minute) };
}

const columns = ["id", "days", "start_minute", "end_minute"] as const;

/** The user's schedules, oldest first. */
export async function listShieldSchedules(db: Kysely<Database>, userId: number): Promise<ShieldSchedule[]> {
  const rows = await db.selectFrom("shield_schedules").select(columns).where("user_id", "=", userId).orderBy("id").execute();
  return rows.map(toSchedule);
}

/** How many schedules the user keeps. */
export async function countShieldSchedules(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom("shield_schedules").select((eb) => eb.fn.countAll<number | string>().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds a schedule. */
export async function insertShieldSchedule(db: Kysely<Database>, userId: number, input: ShieldScheduleInput): Promise<ShieldSchedule> {
  const row = await db
    .insertInto("shield_schedules")
    .values({
      user_id: userId,
      days: JSON.stringify(input.days),
      start_minute: minutesOfTime(input.start),
      end_minute: minutesOfTime(input.end),
      created_at: new Date().toISOString(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toSchedule(row);
}

/** Deletes the user's schedule; false when the user has none with this id. */
export async function deleteShieldSchedule(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("shield_schedules").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
