import { z } from "zod";

/**
 * The header in which the web app sends its IANA time zone with every request, so the server
 * counts "today" (the Free plan's daily sessions) and "the last 7 days" on the user's own
 * calendar (`docs/product.md`, Which day a session counts on).
 */
export const TIME_ZONE_HEADER = "x-time-zone";

/** Whether `value` names a time zone this runtime knows ("Europe/Berlin", "UTC"). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, at most 64 characters. */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, "must be an IANA time zone name");

/** `PUT /api/user/time-zone`: the zone the user chooses in Settings (`docs/product.md`, People and plans). */
export const timeZoneChoiceSchema = z.object({ timeZone: timeZoneSchema });

/**
 * The account's time zone as Settings shows it (`GET` and `PUT /api/user/time-zone`): the zone its
 * days are counted in (null: none yet, UTC is used), whether the user chose it (else a device named
 * it), and from when it may be chosen again (ISO 8601 UTC; null: now).
 */
export const accountTimeZoneAnswerSchema = z.object({
  timeZone: z.string().nullable(),
  chosen: z.boolean(),
  changeableAt: z.string().nullable(),
});
export type AccountTimeZoneAnswer = z.infer<typeof accountTimeZoneAnswerSchema>;
