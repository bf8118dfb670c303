/**
 * Formats seconds as mm:ss. Negative values show 00:00;
 * fractions round up so the display reaches 00:00 only when the time is really over.
 * Sixty minutes or more keep counting minutes (e.g. 60:00).
 */
export function formatTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

/** `YYYY-MM-DD` in a named time zone; en-CA formats dates in that order. Cached per zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local calendar day of an instant as `YYYY-MM-DD`: in `timeZone` (an IANA name such as
 * "Europe/Berlin") when given, else in the runtime's time zone (the user's, in a browser).
 * Used for the daily counter reset and for which day a session counts on (docs/product.md).
 * Throws a RangeError for an unknown time zone name.
 */
export function localDayKey(epochMs: number, timeZone?: string): string {
  if (timeZone !== undefined) {
    let format = dayFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      dayFormats.set(timeZone, format);
    }
    return format.format(epochMs);
  }
  const d = new Date(epochMs);
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  const dd = String(d.getDate()).padStart(2, "0");
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** Start and end (exclusive) of the local day containing `epochMs`, as epoch ms. */
export function localDayBounds(epochMs: number): { start: number; end: number } {
  const d = new Date(epochMs);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const end = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  return { start, end };
}
