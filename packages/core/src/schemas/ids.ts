import { z } from "zod";

/**
 * A record id in a URL path (`/api/admin/users/{userId}/…`, `/api/blocked-sites/{id}`): a
 * positive whole number written in plain decimal, at most 15 digits (so it is a safe integer),
 * given to the route as a number. A sign, exponent, hex or octal form, leading zero, space or
 * fraction (`0x1`, `1e3`, `+1`, `01`, ` 1`, `1.0`) is refused with `message`, so one record
 * has exactly one URL.
 */
export function positiveIdParam(message: string) {
  return z
    .string()
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform((value) => Number(value));
}
