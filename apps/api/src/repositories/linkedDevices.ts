/** Linked devices repository (`docs/product.md`, Website Shield and linked devices). */
import type { LinkedDevice } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { LinkedDeviceRow, NewLinkedDeviceRow } from "../db/tables/linkedDevices";

/** Row → API shape (linkedDeviceSchema of core): never the token hash. */
export function toLinkedDevice(row: LinkedDeviceRow): LinkedDevice {
  return {
    id: row.id,
    name: row.name,
    isActive: row.is_active === 1,
    lastSeenAt: row.last_seen_at,
    createdAt: row.created_at,
  };
}

/** The user's devices, oldest first. */
export async function listLinkedDevices(db: Kysely<Database>, userId: number): Promise<LinkedDeviceRow[]> {
  return db.selectFrom("linked_devices").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

/** How many devices the user has linked. */
export async function countLinkedDevices(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("linked_devices")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new device and returns its row. */
export async function insertLinkedDevice(db: Kysely<Database>, row: NewLinkedDeviceRow): Promise<LinkedDeviceRow> {
  return db.insertInto("linked_devices").values(row).returningAll().executeTakeFirstOrThrow();
}

/** The device whose token has this hash, or undefined. */
export async function findLinkedDeviceByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<LinkedDeviceRow | undefined> {
  return db.selectFrom("linked_devices").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Pauses or resumes the user's device; the updated row, or undefined when the user has no such device. */
export async function setLinkedDeviceActive(
  db: Kysely<Database>,
  userId: number,
  id: number,
  isActive: boolean,
): Promise<LinkedDeviceRow | undefined> {
  return db
    .updateTable("linked_devices")
    .set({ is_active: isActive ? 1 : 0 })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/** Records when the device was last seen. */
export async function touchLinkedDevice(db: Kysely<Database>, id: number, seenAt: string): Promise<void> {
  await db.updateTable("linked_devices").set({ last_seen_at: seenAt }).where("id", "=", id).execute();
}

/** Deletes (revokes) the user's device; false when the user has no device with this id. */
export async function deleteLinkedDevice(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("linked_devices").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every device of the user; returns how many. */
export async function deleteLinkedDevicesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("linked_devices").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
