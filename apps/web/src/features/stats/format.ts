/**
 * Display wording of the Statistics tab. Numbers come computed from the core; these only
 * turn them into text.
 */

/** Whole minutes as "45 min", "2h", "2h 5m". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `${h}h` : `${h}h ${rest}m`;
}

/** Hours with one decimal ("12.5 h"); whole hours without ("3 h"). */
export function formatHours(hours: number): string {
  const rounded = Math.round(Math.max(0, hours) * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} h`;
}

/** A count with its noun, singular for 1: "1 session", "3 sessions". */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** Session seconds as minutes, e.g. 1500 → "25 min", 90 → "2 min" (rounded, at least 1 for a started one). */
export function formatSessionLength(seconds: number): string {
  return `${seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0} min`;
}

/** Weekday and time of a session start, e.g. "Wed, Nov 18 · 9:00 AM". */
export function formatSessionStart(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString(undefined, { weekday: "short", month: "short", day: "numeric" });
  const time = date.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  return `${day} · ${time}`;
}

/** The top of a chart's minute axis: the smallest of 30, 60, 100, 150, 200, 300, … that is ≥ `max`. */
export function chartCeiling(max: number): number {
  const steps = [30, 60, 100, 150, 200, 300, 400, 500, 750, 1000];
  return steps.find((s) => s >= max) ?? Math.ceil(max / 250) * 250;
}
