import { z } from "zod";

/**
 * Shield schedules (`docs/product.md`, Schedules): recurring block windows, days of the week and
 * a local start and end time ("weekdays 09:00-12:00"), during which the Website Shield blocks
 * without a timer. Times are minutes after local midnight; a window whose end is before its
 * start runs past midnight into the next day. Days are 0 (Sunday) to 6 (Saturday), as
 * `Date.getDay()`. Days and times are the account's time zone's (the Shield's answer names it),
 * so a browser whose own zone changes keeps the same windows; without a zone, the device's
 * (the windows themselves: scheduleWindows.ts).
 */

/** Most schedules any plan keeps (a sanity cap; the Free plan's limit is in subscription/plan.ts). */
export const MAX_SHIELD_SCHEDULES = 20;

/** Day names, Sunday first (`Date.getDay()` order). */
export const WEEKDAY_SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570 (minutes after midnight); NaN when it is no HH:MM time. */
export function minutesOfTime(text: string): number {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** 570 → "09:30". */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const timeText = (field: string) => z.string({ message: `${field} must be a time like 09:00` }).regex(HH_MM, `${field} must be a time like 09:00`);

/** Body of `POST /api/shield/schedules` (`docs/api.md`): days, start and end as HH:MM (24 h). */
export const shieldScheduleInputSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6), { message: "Choose at least one day" })
      .min(1, "Choose at least one day")
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    start: timeText("Start"),
    end: timeText("End"),
  })
  .refine((input) => input.start !== input.end, { message: "Start and end must differ", path: ["end"] });
export type ShieldScheduleInput = z.output<typeof shieldScheduleInputSchema>;

/** A schedule as the API returns it. */
export const shieldScheduleSchema = z.object({
  id: z.number().int(),
  days: z.array(z.number().int().min(0).max(6)),
  start: z.string(),
  end: z.string(),
});
export type ShieldSchedule = z.infer<typeof shieldScheduleSchema>;

/** Answer of `GET /api/shield/schedules`. */
export const shieldScheduleListSchema = z.array(shieldScheduleSchema);

/** A schedule in words: "Mon–Fri 09:00–12:00", "Sat, Sun 10:00–11:30". */
export function scheduleLabel(schedule: Pick<ShieldSchedule, "days" | "start" | "end">): string {
  const days = [...schedule.days].sort((a, b) => a - b);
  const weekdays = days.length === 5 && [1, 2, 3, 4, 5].every((d) => days.includes(d));
  const named = days.length === 7 ? "Every day" : weekdays ? "Mon–Fri" : days.map((d) => WEEKDAY_SHORT_NAMES[d]).join(", ");
  return `${named} ${schedule.start}–${schedule.end}`;
}
