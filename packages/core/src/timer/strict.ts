import { ESCAPE_WAIT_LONG_MS, ESCAPE_WAIT_MS } from "../constants";
import type { AccountTimer, TimedTimerCommand } from "./accountTimerSchema";
import type { Settings } from "../schemas/settings";
import { parseSiteEntry } from "../schemas/siteRule";
import type { TimerContext } from "./types";

/**
 * Strict focus's escape hatch (`docs/product.md`, Strict focus): what a strict session refuses
 * and how long End early waits. Every screen that offers End early asks these; the week's escapes
 * are counted in `stats/escapes.ts`.
 */

/**
 * Whether a strict focus session is under way in the chart's context: the chart's guard that
 * refuses pause, reset, skip and mode changes, and what every screen asks before offering them.
 */
export function strictRefuses(context: Pick<TimerContext, "strict" | "mode" | "sessionStartTime">): boolean {
  return context.strict && context.mode === "focus" && context.sessionStartTime !== null;
}

/**
 * Why the server refuses to loosen the shield during a strict focus session (409): a blocked
 * site's removal or switch-off, a linked device's unlink or switch-off.
 */
export const STRICT_SHIELD_MESSAGES = {
  site: "During a strict focus session, sites can be added but not removed or switched off. This can wait until the session ends.",
  device: "During a strict focus session, the extension stays linked and on. This can wait until the session ends.",
  settings: "During a strict focus session, the Shield can get stricter but not looser. This can wait until the session ends.",
  schedule: "During a strict focus session, schedules can be added but not removed. This can wait until the session ends.",
  pass: "During a strict focus session, delay pages let nobody through. This can wait until the session ends.",
  allowedSite:
    "During a strict focus session, the Shield can get stricter but not looser: an exception, or a site on your allow list, can wait until the session ends.",
} as const;

/**
 * Whether going from the `current` Shield settings to `next` loosens the shield: from the allow
 * list back to the block list, or more delay passes a day. Refused during a strict focus session
 * (`docs/product.md`, Strict focus).
 */
export function loosensShield(
  current: Pick<Settings, "shieldMode" | "delayPassesPerDay">,
  next: Pick<Settings, "shieldMode" | "delayPassesPerDay">,
): boolean {
  return (current.shieldMode === "allowlist" && next.shieldMode === "blocklist") || next.delayPassesPerDay > current.delayPassesPerDay;
}

/**
 * Whether adding `entry` (as stored, core's siteRule.ts) to the list loosens the shield: an
 * exception (`+site`) lets a site through whatever blocks it, and on an allow list
 * (`shieldMode` "allowlist") every entry is a site let through. Refused during a strict focus
 * session (`docs/product.md`, Strict focus).
 */
export function entryLoosensShield(entry: string, shieldMode: Settings["shieldMode"]): boolean {
  return shieldMode === "allowlist" || parseSiteEntry(entry)?.kind === "exception";
}

/**
 * Whether the account's timer holds a strict focus session under way at `now` (epoch ms): running,
 * strict, and not yet at its end. What the server asks before it loosens the shield.
 */
export function strictSessionUnderWay(timer: Pick<AccountTimer, "status" | "strict" | "mode" | "endsAt">, now: number): boolean {
  return timer.status === "running" && timer.strict && timer.mode === "focus" && timer.endsAt !== null && now < timer.endsAt;
}

/**
 * The wait before End early, ms: `ESCAPE_WAIT_MS` (60 s) while the week's escapes so far are
 * below the user's allowance (`escapesPerWeek`), `ESCAPE_WAIT_LONG_MS` (5 minutes) once they
 * have reached it. An allowance of 0 means every escape waits the longer time.
 */
export function escapeWaitMs(escapesSoFar: number, escapesPerWeek: number): number {
  return escapesSoFar >= escapesPerWeek ? ESCAPE_WAIT_LONG_MS : ESCAPE_WAIT_MS;
}

/**
 * Whether the account's timer holds a strict focus session End early can end at `now` (epoch
 * ms): one under way (`strictSessionUnderWay`) or paused.
 */
export function strictSessionHeld(timer: Pick<AccountTimer, "status" | "strict" | "mode" | "endsAt">, now: number): boolean {
  return strictSessionUnderWay(timer, now) || (timer.status === "paused" && timer.strict && timer.mode === "focus");
}

/** End early's wait as the server keeps it: when it was asked for (epoch ms) and how long it is (ms); null when never asked. */
export interface EscapeAsk {
  askedAt: number;
  waitMs: number;
}

/**
 * The `endEarly` commands among `commands` that come too soon for `timer`'s strict session
 * (`docs/product.md`, Strict focus): with no wait asked for during this session, or before the
 * wait is over at the command's time (`at`, never later than `now`, epoch ms). Their ids; the
 * server refuses them (`escapeWait`) and runs the rest.
 */
export function escapesTooSoon(commands: readonly TimedTimerCommand[], timer: AccountTimer, ask: EscapeAsk | null, now: number): Set<string> {
  const tooSoon = new Set<string>();
  if (!strictSessionHeld(timer, now)) return tooSoon;
  for (const { id, command, at } of commands) {
    if (command.type !== "endEarly") continue;
    const askedThisSession = ask !== null && timer.sessionStartTime !== null && ask.askedAt >= timer.sessionStartTime;
    if (!askedThisSession || Math.min(at, now) < ask.askedAt + ask.waitMs) tooSoon.add(id);
  }
  return tooSoon;
}
