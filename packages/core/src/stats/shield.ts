import { localDayKey } from "../format";

/**
 * The Website Shield's measured figures (`docs/product.md`, Statistics and achievements: numbers
 * that are measured): stopped visits, passes through delay pages, turn-backs there and shield-off
 * minutes, per local day and per focus session, from what the extension reported and the server
 * recorded. Unlike the productivity estimate, nothing here is assumed.
 */

/** One report: a stopped visit (`blocked`), a delay page's pass or a turn-back. Dates ISO 8601. */
export interface ShieldEvent {
  at: string;
  kind: "blocked" | "pass" | "turned_back";
  sessionStart: string | null;
}

/** A shield-off interval; an open one (`endedAt` null) lasts until `now`. Dates ISO 8601. */
interface ShieldOffSpan {
  startedAt: string;
  endedAt: string | null;
  sessionStart: string | null;
}

export interface ShieldMeasure {
  stopped: number;
  passes: number;
  turnedBack: number;
  /** Whole minutes, rounded. */
  shieldOffMinutes: number;
}

const empty = (): ShieldMeasure => ({ stopped: 0, passes: 0, turnedBack: 0, shieldOffMinutes: 0 });

/** Adds each event and span to the measure of its key (a day, a session); keys with nothing are absent. */
function tally(events: readonly ShieldEvent[], spans: readonly ShieldOffSpan[], now: number, keyOfEvent: (e: ShieldEvent) => string | null, keyOfSpan: (s: ShieldOffSpan) => string | null) {
  const measures = new Map<string, ShieldMeasure>();
  const of = (key: string) => measures.get(key) ?? measures.set(key, empty()).get(key) ?? empty();
  for (const event of events) {
    const key = keyOfEvent(event);
    if (key === null) continue;
    const measure = of(key);
    if (event.kind === "blocked") measure.stopped += 1;
    else if (event.kind === "pass") measure.passes += 1;
    else measure.turnedBack += 1;
  }
  const minutes = new Map<string, number>();
  for (const span of spans) {
    const key = keyOfSpan(span);
    if (key === null) continue;
    const end = span.endedAt === null ? now : Date.parse(span.endedAt);
    minutes.set(key, (minutes.get(key) ?? 0) + Math.max(0, end - Date.parse(span.startedAt)));
  }
  for (const [key, ms] of minutes) of(key).shieldOffMinutes = Math.round(ms / 60_000);
  return measures;
}

/**
 * The measured figures per local day in `timeZone` (a shield-off interval counts on the day it
 * began), newest day first; days with nothing are left out.
 */
export function shieldMeasuresByDay(events: readonly ShieldEvent[], spans: readonly ShieldOffSpan[], now: number, timeZone?: string): ({ day: string } & ShieldMeasure)[] {
  const measures = tally(events, spans, now, (e) => localDayKey(Date.parse(e.at), timeZone), (s) => localDayKey(Date.parse(s.startedAt), timeZone));
  return [...measures].map(([day, measure]) => ({ day, ...measure })).sort((a, b) => b.day.localeCompare(a.day));
}

/** The measured figures per focus session (by its start, ISO 8601), newest first; what happened outside a known session is left out. */
export function shieldMeasuresBySession(events: readonly ShieldEvent[], spans: readonly ShieldOffSpan[], now: number): ({ sessionStart: string } & ShieldMeasure)[] {
  const measures = tally(events, spans, now, (e) => e.sessionStart, (s) => s.sessionStart);
  return [...measures].map(([sessionStart, measure]) => ({ sessionStart, ...measure })).sort((a, b) => Date.parse(b.sessionStart) - Date.parse(a.sessionStart));
}
