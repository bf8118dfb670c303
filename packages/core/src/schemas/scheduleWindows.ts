/**
 * The windows of Shield schedules (`docs/product.md`, Schedules) as instants: whether one covers
 * a moment and when the next starts or ends, with days and times read in a named IANA time zone
 * (the account's) or the device's. Apart from schedule.ts so that only the extension, which
 * blocks by them, loads the time-zone library.
 */
import { TZDate } from "@date-fns/tz";
import { minutesOfTime, type ShieldSchedule } from "./schedule";

/** A window of a schedule as an interval, epoch ms. */
interface Window {
  start: number;
  end: number;
}

/** A date in `timeZone` (IANA name), or in the device's zone when none is named. */
function zoned(epochMs: number, timeZone: string | undefined): Date {
  return timeZone === undefined ? new Date(epochMs) : new TZDate(epochMs, timeZone);
}

/** `minutes` after midnight of the local day `offsetDays` after `today`'s, in `timeZone` (else the device's zone), epoch ms. */
function localTime(today: Date, offsetDays: number, minutes: number, timeZone: string | undefined): number {
  const [year, month, day] = [today.getFullYear(), today.getMonth(), today.getDate() + offsetDays];
  return (timeZone === undefined ? new Date(year, month, day, 0, minutes, 0, 0) : new TZDate(year, month, day, 0, minutes, 0, 0, timeZone)).getTime();
}

/** The windows of `schedule` that start from yesterday to tomorrow around `now`, in `timeZone` (else the device's zone). */
function windowsAround(schedule: Pick<ShieldSchedule, "days" | "start" | "end">, now: number, timeZone: string | undefined): Window[] {
  const start = minutesOfTime(schedule.start);
  const end = minutesOfTime(schedule.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const today = zoned(now, timeZone);
  const windows: Window[] = [];
  for (const offset of [-1, 0, 1]) {
    if (!schedule.days.includes(zoned(localTime(today, offset, 0, timeZone), timeZone).getDay())) continue;
    windows.push({ start: localTime(today, offset, start, timeZone), end: localTime(today, offset + (end < start ? 1 : 0), end, timeZone) });
  }
  return windows;
}

/**
 * The schedule window that covers `now` (epoch ms, the server's time as this device reads it),
 * with days and times in `timeZone` (the account's IANA zone; the device's when undefined): its
 * end, epoch ms; null when no schedule blocks now. Windows of several schedules that overlap end
 * at the latest end among those covering `now`.
 */
export function scheduleBlockingUntil(schedules: readonly Pick<ShieldSchedule, "days" | "start" | "end">[], now: number, timeZone?: string): number | null {
  const ends = schedules.flatMap((schedule) => windowsAround(schedule, now, timeZone).filter((w) => w.start <= now && now < w.end).map((w) => w.end));
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** When a schedule next starts or ends after `now` (epoch ms), within the next two days, in `timeZone` as above; null when none does. */
export function nextScheduleChange(schedules: readonly Pick<ShieldSchedule, "days" | "start" | "end">[], now: number, timeZone?: string): number | null {
  const times = schedules.flatMap((schedule) => windowsAround(schedule, now, timeZone).flatMap((w) => [w.start, w.end])).filter((t) => t > now);
  return times.length > 0 ? Math.min(...times) : null;
}

