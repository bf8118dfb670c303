import { z } from "zod";

/**
 * The largest record id: ids are 32-bit signed integer columns on PostgreSQL (`integer`), so
 * no record has a larger one. An id past it is refused by validation (400) on both databases,
 * never sent to the database (where PostgreSQL would fail on it).
 */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id in a URL path (`/api/admin/users/{userId}/…`, `/api/blocked-sites/{id}`): a
 * positive whole number written in plain decimal, at most MAX_RECORD_ID, given to the route as a
 * number. A sign, exponent, hex or octal form, leading zero, space or fraction (`0x1`, `1e3`,
 * `+1`, `01`, ` 1`, `1.0`) is refused with `message`, so one record has exactly one URL.
 */
export function positiveIdParam(message: string) {
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform((value) => Number(value))
    .refine((value) => value <= MAX_RECORD_ID, message);
}

/** A record id in a JSON body (`taskId`, the ids of a reorder): a whole number from 1 to MAX_RECORD_ID, else `message`. */
export function recordIdSchema(message: string) {
  return z.number(message).int(message).positive(message).max(MAX_RECORD_ID, message);
}
