/**
 * Linked devices and their tokens (`docs/api.md`). Pairing gives the
 * extension a device token: 32 random bytes, base64url, shown once; only its SHA-256 is
 * stored, so a database leak reveals no usable token. A token authenticates as its device's
 * user while the device is active; a paused device gets 403, a revoked (deleted) or unknown
 * token 401. During a strict focus session a device can be neither unlinked nor paused (409,
 * `docs/product.md`, Strict focus); resuming one stays allowed.
 */
import { createHash, randomBytes } from "node:crypto";
import { BLOCKED_SITE_CONFLICTS, type LinkedDevice, type LinkedDeviceCreated, MAX_LINKED_DEVICES } from "@focus/core/schemas";
import { STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { LinkedDeviceRow } from "../db/tables/linkedDevices";
import type { UserRow } from "../db/tables/users";
import {
  countLinkedDevices,
  deleteLinkedDevice,
  findLinkedDeviceByTokenHash,
  insertLinkedDevice,
  listLinkedDevices,
  setLinkedDeviceActive,
  toLinkedDevice,
  touchLinkedDevice,
} from "../repositories/linkedDevices";
import { findUserById, lockUserRow } from "../repositories/users";
import { HttpError } from "../httpError";
import { assertNoStrictSession } from "./accountTimer";

/** Random bytes in a device token. */
const TOKEN_BYTES = 32;
/** A well-formed token: 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** `last_seen_at` is written at most this often per device, ms. */
export const LAST_SEEN_INTERVAL_MS = 60_000;

/** 401 for a revoked, unknown or malformed device token. */
export const deviceNotLinked = () => new HttpError(401, "This device is not linked");
/** 403 for the token of a paused (inactive) device. */
export const devicePaused = () => new HttpError(403, "This device is paused");
/** 404 for a device id the user does not own. */
export const deviceNotFound = () => new HttpError(404, "Device not found");

/** The stored form of a token: hex SHA-256. */
export function hashDeviceToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new random device token. */
export function newDeviceToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/**
 * Pairs a new device for the user and returns it with its token (the only time the token is
 * ever shown).
 * @throws HttpError 409 when the user already has MAX_LINKED_DEVICES devices.
 */
export async function linkDevice(db: Kysely<Database>, userId: number, name: string, now = new Date()): Promise<LinkedDeviceCreated> {
  const token = newDeviceToken();
  const row = await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    if ((await countLinkedDevices(trx, userId)) >= MAX_LINKED_DEVICES) {
      throw new HttpError(409, BLOCKED_SITE_CONFLICTS.tooManyDevices);
    }
    return insertLinkedDevice(trx, {
      user_id: userId,
      name,
      token_hash: hashDeviceToken(token),
      is_active: 1,
      last_seen_at: null,
      created_at: now.toISOString(),
    });
  });
  return { ...toLinkedDevice(row), token };
}

/** The user's devices `{ id, name, isActive, lastSeenAt, createdAt }[]`, never a token. */
export async function devicesOf(db: Kysely<Database>, userId: number): Promise<LinkedDevice[]> {
  return (await listLinkedDevices(db, userId)).map(toLinkedDevice);
}

/**
 * Pauses or resumes the user's device; a pause is refused during a strict focus session.
 * @param now epoch ms.
 * @returns the device as stored.
 * @throws HttpError 409 pausing during a strict focus session; 404 "Device not found".
 */
export async function setDeviceActive(db: Kysely<Database>, userId: number, id: number, isActive: boolean, now: number): Promise<LinkedDevice> {
  if (!isActive) await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.device);
  const row = await setLinkedDeviceActive(db, userId, id, isActive);
  if (!row) throw deviceNotFound();
  return toLinkedDevice(row);
}

/**
 * Revokes the user's device (its token stops working); refused during a strict focus session.
 * @param now epoch ms.
 * @throws HttpError 409 during a strict focus session; 404 "Device not found".
 */
export async function unlinkDevice(db: Kysely<Database>, userId: number, id: number, now: number): Promise<void> {
  await assertNoStrictSession(db, userId, now, STRICT_SHIELD_MESSAGES.device);
  if (!(await deleteLinkedDevice(db, userId, id))) throw deviceNotFound();
}

/**
 * The device and user a token stands for, and notes the device as seen (at most once a
 * minute).
 * @throws HttpError 401 "This device is not linked" (malformed, unknown or revoked token, or a
 *   deleted user); 403 "This device is paused".
 */
export async function authenticateDeviceToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<{ device: LinkedDeviceRow; user: UserRow }> {
  if (!TOKEN_PATTERN.test(token)) throw deviceNotLinked();
  const device = await findLinkedDeviceByTokenHash(db, hashDeviceToken(token));
  if (!device) throw deviceNotLinked();
  const user = await findUserById(db, device.user_id);
  if (!user) throw deviceNotLinked();
  if (device.is_active !== 1) throw devicePaused();
  await noteDeviceSeen(db, device, now);
  return { device, user };
}

/** Writes `last_seen_at` unless it was written less than a minute ago; updates `device` too. */
export async function noteDeviceSeen(db: Kysely<Database>, device: LinkedDeviceRow, now = new Date()): Promise<void> {
  const last = device.last_seen_at ? Date.parse(device.last_seen_at) : Number.NaN;
  if (!Number.isNaN(last) && now.getTime() - last < LAST_SEEN_INTERVAL_MS) return;
  const seenAt = now.toISOString();
  // Set first, so frames arriving while the write runs do not write again.
  device.last_seen_at = seenAt;
  await touchLinkedDevice(db, device.id, seenAt);
}
