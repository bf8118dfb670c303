/**
 * The rules part of the worker (`docs/product.md`, Website Shield): decides from the stored
 * state whether sites are blocked now, and brings Chrome's dynamic rules, the redirect key and
 * open tabs in line with that. Rules are installed with a new redirect key each time
 * (redirectKey.ts); rules that do not carry the current key (the browser restarted and the key
 * is gone) are installed again.
 */
import type { ChromeAdapter } from "./chromeAdapter";
import { clearRedirectKey, readRedirectKey, renewRedirectKey } from "./redirectKey";
import { scheduleBlockingUntil, type ShieldMode } from "@focus/core/schemas";
import { openPassEntries } from "./passes";
import { BLOCKED_PAGE_PATH, blockedPageUrl, compileShield, type CompiledShield, type DnrRule, redirectKeyOf, shieldBlocks } from "./rules";
import { type Blocklist, type StoredState, writeState } from "./storage";
import { endsAtOf, isFocusRunning } from "./timer";

/** Whether sites are blocked at `now` (server clock, epoch ms), which, and until when. */
export interface BlockingPlan {
  active: boolean;
  mode: ShieldMode;
  /** Entries that show the delay page, and those of them let through by an open pass. */
  delayed: string[];
  passed: string[];
  /** The blocklist's entries in their stored form (core's siteRule.ts). */
  entries: string[];
  /** The end of the blocking (the focus session's end), epoch ms on the server's clock; null when none. */
  endsAt: number | null;
  /** The web app's host name: never blocked. */
  appHost: string | null;
}

/** The web app's host name, for keeping it out of the rules. */
function hostOf(origin: string | undefined): string | null {
  try {
    return origin ? new URL(origin).hostname : null;
  } catch {
    return null;
  }
}

/**
 * The end of the schedule window that covers `now` (server clock, epoch ms), read in the account's
 * time zone (this browser's when the server named none), so a change of this browser's zone
 * moves no window; null when no schedule blocks now.
 */
export function scheduleEndOf(blocklist: Pick<Blocklist, "schedules" | "timeZone"> | null, now: number): number | null {
  return scheduleBlockingUntil(blocklist?.schedules ?? [], now, blocklist?.timeZone ?? undefined);
}

/** How long past a held window's end a browser that cannot reach the app still blocks on it, ms. */
export const SCHEDULE_HOLD_MAX_MS = 24 * 60 * 60 * 1000;
/** How soon a held window is looked at again while the app stays unreachable, ms. */
const SCHEDULE_HOLD_RECHECK_MS = 60_000;

/**
 * The schedule window this browser keeps blocking on while the live connection is not open
 * (`docs/product.md`, Schedules): the one that blocked when it was last open
 * (`StoredState.scheduleHold`). A clock moved back before the window, or forward past its end,
 * does not end it; it ends when the app answers again, or SCHEDULE_HOLD_MAX_MS past its end by
 * this browser's clock. Returns when to look again (server clock, epoch ms), or null.
 */
function heldScheduleEnd(state: Pick<StoredState, "connection" | "scheduleHold">, now: number): number | null {
  if (state.connection === "open" || state.scheduleHold === null) return null;
  if (now >= state.scheduleHold + SCHEDULE_HOLD_MAX_MS) return null;
  return Math.max(state.scheduleHold, now + SCHEDULE_HOLD_RECHECK_MS);
}

/**
 * Until when the Shield blocks at `now` (server clock, epoch ms) for a paired, switched-on
 * device: the end of the running focus session or of the schedule window that covers now
 * (`docs/product.md`, Schedules), or of the window held while the app is unreachable
 * (`heldScheduleEnd`), whichever is later; null when none.
 */
export function blockingUntil(state: StoredState, now: number): number | null {
  if (state.pairing === null || state.pairing.paused) return null;
  const focusEnd = isFocusRunning(state.timer, now) ? endsAtOf(state.timer, now) : null;
  const covering = scheduleEndOf(state.blocklist, now);
  const held = heldScheduleEnd(state, now);
  const scheduleEnd = covering === null ? held : held === null ? covering : Math.max(covering, held);
  if (focusEnd === null) return scheduleEnd;
  return scheduleEnd === null ? focusEnd : Math.max(focusEnd, scheduleEnd);
}

/**
 * Sites are blocked while a paired, switched-on device sees a focus session run or a schedule
 * window cover now, and the list is not empty (a block list) or the mode is the allow list
 * (everything but the list is blocked).
 */
export function blockingPlan(state: StoredState, now: number): BlockingPlan {
  const until = blockingUntil(state, now);
  const active = until !== null;
  const mode = state.blocklist?.mode ?? "blocklist";
  const entries = active ? (state.blocklist?.entries ?? []) : [];
  const delayed = active && mode === "blocklist" ? (state.blocklist?.delayed ?? []).filter((entry) => entries.includes(entry)) : [];
  const passed = openPassEntries(state.passes, now).filter((entry) => delayed.includes(entry));
  const endsAt = until;
  const appHost = hostOf(state.pairing?.apiOrigin);
  return { active: active && (entries.length > 0 || mode === "allowlist"), mode, entries, delayed, passed, endsAt, appHost };
}

export interface ApplyBlockingOptions {
  /** Send tabs already showing a blocked site to the blocked page (a focus session began). */
  redirectOpenTabs?: boolean;
  /** Install the rules again even when the stored signature says they are up to date. */
  forceRules?: boolean;
}

/**
 * Installs (or removes) the dynamic rules for `state` at `now` (server clock, epoch ms); keeps
 * what they were built from in storage so an unchanged state is not reinstalled.
 */
export async function applyBlocking(chrome: ChromeAdapter, state: StoredState, now: number, options: ApplyBlockingOptions = {}): Promise<BlockingPlan> {
  const plan = blockingPlan(state, now);
  const signature = plan.active ? JSON.stringify([plan.mode, plan.entries, plan.delayed, plan.passed, plan.endsAt, plan.appHost]) : "";
  const installed = await chrome.rules.getDynamic();
  const redirect = await readRedirectKey(chrome);
  const redirects = installed.filter((rule) => rule.action.type === "redirect");
  const keyed = redirect !== null && redirects.length > 0 && redirects.every((rule) => redirectKeyOf(rule) === redirect.key);
  const upToDate = signature === (state.blockingSignature ?? "") && (plan.active ? keyed : installed.length === 0);
  if (!upToDate || options.forceRules) {
    // Kept before the rules that carry it are installed, so a redirect's report always finds its key.
    const key = plan.active ? await renewRedirectKey(chrome) : null;
    const compiled = key !== null ? compileShield(plan, { key, endsAt: plan.endsAt, appHost: plan.appHost, extensionId: chrome.runtime.id }) : null;
    const failedEntries = await installRules(
      chrome,
      installed.map((rule) => rule.id),
      compiled,
    );
    await writeState(chrome, { blockingSignature: signature || null, failedEntries });
  }
  if (!plan.active && redirect !== null) await clearRedirectKey(chrome);
  if (plan.active && options.redirectOpenTabs) {
    const pageUrl = chrome.runtime.getURL(BLOCKED_PAGE_PATH);
    for (const tab of await chrome.tabs.query()) {
      const host = shieldBlocks(tab.url, plan);
      if (host !== null) await chrome.tabs.navigate(tab.id, blockedPageUrl(pageUrl, host, plan.endsAt, "open-tab"));
    }
  }
  return plan;
}

/**
 * The compiled rules Chrome takes: a rule whose regular expression Chrome refuses
 * (`isRegexSupported`: too large once compiled) is replaced by its fallback (a delay page
 * without the visited address), or left out and its entry named.
 */
async function supportedRules(chrome: ChromeAdapter, compiled: CompiledShield): Promise<{ rules: DnrRule[]; failed: string[] }> {
  const rules: DnrRule[] = [];
  const failed: string[] = [];
  for (const [index, rule] of compiled.rules.entries()) {
    const regex = rule.condition.regexFilter;
    if (regex === undefined || (await chrome.rules.isRegexSupported(regex))) rules.push(rule);
    else {
      const fallback = compiled.fallbacks.get(rule.id);
      if (fallback) rules.push(fallback);
      else failed.push(compiled.entries[index] ?? regex);
    }
  }
  return { rules, failed };
}

/**
 * Replaces the installed rules (`removeIds`) with the compiled ones (none: `compiled` null), so
 * that one rule Chrome refuses never leaves the others out: all at once when Chrome takes them
 * (one atomic update), else one by one after removing the old ones.
 * @returns the entries (stored form) whose rules are not in place, in list order.
 */
export async function installRules(chrome: ChromeAdapter, removeIds: number[], compiled: CompiledShield | null): Promise<string[]> {
  if (compiled === null) {
    await chrome.rules.update(removeIds, []);
    return [];
  }
  const { rules, failed } = await supportedRules(chrome, compiled);
  try {
    await chrome.rules.update(removeIds, rules);
    return [...new Set(failed)];
  } catch {
    await chrome.rules.update(removeIds, []);
    for (const rule of rules) {
      try {
        await chrome.rules.update([], [rule]);
      } catch {
        failed.push(compiled.entries[rule.id - 1] ?? `rule ${rule.id}`);
      }
    }
    return [...new Set(failed)];
  }
}

/**
 * Whether the rules `state` calls for at `now` are installed (`docs/product.md`, A shield that
 * says when it is down): none are needed while nothing is blocked; while blocking, every entry's
 * rule went in (no `failedEntries`) and at least one redirect rule is there, each carrying the
 * current redirect key.
 */
export async function rulesInPlace(chrome: ChromeAdapter, state: StoredState, now: number): Promise<boolean> {
  if (!blockingPlan(state, now).active) return true;
  if (state.failedEntries.length > 0) return false;
  const redirect = await readRedirectKey(chrome);
  const redirects = (await chrome.rules.getDynamic()).filter((rule) => rule.action.type === "redirect");
  return redirect !== null && redirects.length > 0 && redirects.every((rule) => redirectKeyOf(rule) === redirect.key);
}
