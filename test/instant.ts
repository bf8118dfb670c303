/**
 * Vitest setup file of the core, api, web and extension projects: with FOCUS_TEST_INSTANT set
 * (an ISO instant, e.g. "2026-12-31T23:55:00Z"), each test file starts with the clock reading
 * that instant and going on from it at the real pace, as a user's machine would at that hour.
 * Without it, this file does nothing.
 *
 * `npm run check` (scripts/test.mjs) runs the date-sensitive test files this way at 00:05 UTC
 * on a Sunday and at 23:55 UTC on New Year's Eve: the project's own clock injection, in place of
 * preloading Debian's libfaketime into every worker (which hung a CI run). What it moves: `Date`
 * (`new Date()`, `Date.now()`) in the test files and the code they load, so the server's and the
 * page's clocks both read the instant. What it leaves: `performance.now()` and timers, which
 * measure durations and read no date.
 *
 * A test that sets its own instant (`vi.useFakeTimers`, `vi.setSystemTime`) keeps it; Vitest's
 * `vi.useRealTimers()` puts back the unshifted `Date`, so every test starts shifted again
 * (`beforeEach` below).
 */
import { beforeEach } from "vitest";
import { shiftedDate } from "./shiftedDate";

const instant = process.env.FOCUS_TEST_INSTANT;

if (instant) {
  const at = Date.parse(instant);
  if (Number.isNaN(at)) throw new Error(`FOCUS_TEST_INSTANT is not an ISO instant: ${instant}`);
  // The unshifted `Date`, kept across files that share one module graph (isolate: false), where
  // this file runs again for each test file.
  const realDateKey = Symbol.for("focus.test.realDate");
  const store = globalThis as unknown as Record<symbol, DateConstructor | undefined>;
  const RealDate = (store[realDateKey] ??= Date);
  const ShiftedDate = shiftedDate(RealDate, at);

  globalThis.Date = ShiftedDate;
  beforeEach(() => {
    // Only where a test's `vi.useRealTimers()` put the real one back; a test's fake clock stays.
    if (globalThis.Date === RealDate) globalThis.Date = ShiftedDate;
  });
}
