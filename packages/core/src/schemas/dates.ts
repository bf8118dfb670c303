import { z } from "zod";

/**
 * The years a recorded moment may fall in, inclusive (UTC): a session's start, a blocked
 * attempt. A moment outside them cannot be a real one, and stored it would break the lists and
 * exports that show it (a year past 9999 is not even ISO 8601 in four digits).
 */
const SESSION_YEARS = { first: 2000, last: 2100 } as const;
const FIRST_MS = Date.UTC(SESSION_YEARS.first, 0, 1);
const END_MS = Date.UTC(SESSION_YEARS.last + 1, 0, 1);

/**
 * An ISO 8601 date-time with an offset (`2026-11-27T09:00:00Z`, `…+01:00`) in SESSION_YEARS;
 * `name` starts the messages ("startTime must be an ISO 8601 date-time", "… must be in the years
 * 2000 to 2100").
 */
export function isoDateTimeInYears(name: string) {
  return z.iso.datetime({ offset: true, message: `${name} must be an ISO 8601 date-time` }).refine(
    (value) => {
      const ms = Date.parse(value);
      return ms >= FIRST_MS && ms < END_MS;
    },
    { message: `${name} must be in the years ${SESSION_YEARS.first} to ${SESSION_YEARS.last}` },
  );
}

/** Epoch ms of 2000-01-01 and 2100-01-01 (UTC): the instants a timer state may name. */
const EARLIEST_INSTANT_MS = Date.UTC(2000, 0, 1);
const LATEST_INSTANT_MS = Date.UTC(2100, 0, 1);
/** An instant a timer may name, epoch ms (whole, within the years 2000-2100). */
export const instantMsSchema = z.number().int().min(EARLIEST_INSTANT_MS).max(LATEST_INSTANT_MS);
