import type { Session } from "../schemas/session";

let nextId = 1;

/**
 * Test helper: a session starting at a local wall-clock time. Build `start` with the local
 * `Date` constructor (`new Date(2026, 10, 18, 9)`) so tests pass in every time zone.
 * Defaults: a completed 25-minute focus session.
 */
export function sessionAt(start: Date, overrides: Partial<Omit<Session, "startTime">> = {}): Session {
  return { id: nextId++, startTime: start.toISOString(), duration: 25 * 60, type: "focus", completed: true, ...overrides };
}

/** Wednesday 18 November 2026, 15:00 local: the week began on Sunday the 15th. */
export const WEDNESDAY = new Date(2026, 10, 18, 15, 0);
