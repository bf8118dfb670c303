/**
 * The delay-pass part of the worker (`docs/product.md`, Delay instead of a wall): today's
 * passes through delay pages and visits stopped, counted per local day of this browser, and the
 * passes still open. Pure functions of the stored `Passes` and the time; the worker stores what
 * they return.
 */
import { localDayKey } from "@focus/core/format";
import { DELAY_PASS_MINUTES, delayPassesLeft } from "@focus/core/schemas";
import type { Blocklist, Passes } from "./storage";

/** The passes of the day of `now`: a stored record of an earlier day starts again at zero (its open passes kept). */
export function passesOfToday(passes: Passes | null, now: number): Passes {
  const day = localDayKey(now);
  const open = (passes?.open ?? []).filter((pass) => pass.until > now);
  if (!passes || passes.day !== day) return { day, used: 0, stopped: 0, open };
  return { ...passes, open };
}

/**
 * The passes taken today, as the larger of this browser's count and the account's (taken in
 * any browser, as the server last said for its day in the account's time zone; a count of
 * another day is none). What the delay page shows as passes left, and what a new pass is
 * checked against before the server decides.
 */
export function passesTakenToday(passes: Passes | null, blocklist: Pick<Blocklist, "passesTaken" | "timeZone"> | null, now: number): number {
  const own = passesOfToday(passes, now).used;
  const account = blocklist?.passesTaken;
  const accountToday = account && account.day === localDayKey(now, blocklist.timeZone ?? undefined) ? account.count : 0;
  return Math.max(own, accountToday);
}

/** The entries let through at `now` (their pass has not ended). */
export function openPassEntries(passes: Passes | null, now: number): string[] {
  return (passes?.open ?? []).filter((pass) => pass.until > now).map((pass) => pass.entry);
}

/** When the first open pass ends (epoch ms), or null. */
export function nextPassEnd(passes: Passes | null, now: number): number | null {
  const ends = (passes?.open ?? []).map((pass) => pass.until).filter((until) => until > now);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/**
 * Takes one pass for `entry` at `now`: the day's record with it counted and open for
 * DELAY_PASS_MINUTES, or null when the day's `perDay` passes are used up.
 */
export function takePass(passes: Passes | null, entry: string, now: number, perDay: number): Passes | null {
  const today = passesOfToday(passes, now);
  if (delayPassesLeft(today.used, perDay) <= 0) return null;
  const until = now + DELAY_PASS_MINUTES * 60_000;
  return { ...today, used: today.used + 1, open: [...today.open.filter((pass) => pass.entry !== entry), { entry, until }] };
}

/** The day's record with one more visit stopped. */
export function countStopped(passes: Passes | null, now: number): Passes {
  const today = passesOfToday(passes, now);
  return { ...today, stopped: today.stopped + 1 };
}
