/**
 * The reporting part of the worker (`docs/architecture.md`, The extension's blocked attempts):
 * a blocked attempt reaches `POST /api/blocked-attempts` only when the device is paired and on,
 * the kept Shield blocks the domain (an entry of a block list, a site off an allow list), and the page presents the current redirect key from a page
 * load that has not reported with it before (redirectKey.ts).
 */
import type { ApiClient, ApiResult } from "./api";
import type { ChromeAdapter } from "./chromeAdapter";
import { DELAY_WAIT_SECONDS, delayPassesLeft, parseSiteEntry } from "@focus/core/schemas";
import { countStopped, passesTakenToday, takePass } from "./passes";
import { claimRedirect, delayShownAt } from "./redirectKey";
import { blockableEntries } from "./rules";
import { mayTakePass } from "./strict";
import { type Blocklist, type Pairing, type PendingReport, readState, writeState } from "./storage";

/** A blocked attempt as the blocked page reports it, checked by messages.ts (`blockedPageSender`). */
export interface BlockedAttemptReport {
  domain: string;
  /** When the page was opened, ISO 8601. */
  at: string;
  /** The redirect key the page was opened with (redirectKey.ts). */
  key: string;
  /** Chrome's id of the reporting page load: each counts once. */
  documentId: string;
}

export interface ReportingDeps {
  chrome: ChromeAdapter;
  api: ApiClient;
  /** Acts on an unlinked/paused answer of the API (pairing.ts); true when the call went through. */
  settle: (result: ApiResult<unknown>) => Promise<boolean>;
  /** The time, epoch ms (the server's clock): passes are counted per local day of it. */
  now: () => number;
}

/** Whether the kept Shield blocks `domain`: an entry blocks it (block list), or no entry lists it (allow list). */
function shieldBlocksDomain(blocklist: Blocklist | null, domain: string): boolean {
  if (!blocklist) return false;
  const entries = blockableEntries(blocklist.entries).entries.map(parseSiteEntry);
  if (blocklist.mode === "allowlist") return !entries.some((entry) => entry !== null && entry.path === null && (domain === entry.host || domain.endsWith(`.${entry.host}`)));
  return entries.some((entry) => entry !== null && !entry.allow && entry.host === domain);
}

/**
 * Sends one report; one the API gives no answer to (offline, the server away, a browser just
 * started, 429 or 5xx) waits in `pendingReports` and is sent again with its own time
 * (`sendPendingReports`). One the API refuses (another 4xx) is dropped: the same again would be
 * refused again. (Past the day's limit the API answers 202: counted, and done.)
 * @returns whether the API took it now.
 */
async function send(deps: ReportingDeps, pairing: Pairing, report: PendingReport): Promise<boolean> {
  const result = await deps.api.reportAttempt(pairing, report);
  if (result.kind === "refused") return false;
  if (result.kind === "error") {
    const { pendingReports } = await readState(deps.chrome);
    await writeState(deps.chrome, { pendingReports: [...pendingReports, report] });
    return false;
  }
  return deps.settle(result);
}

/**
 * Sends the reports that waited, oldest first, until one gets no answer again (it and the rest
 * keep waiting); a refused one is dropped and the next is sent.
 */
export async function sendPendingReports(deps: ReportingDeps): Promise<void> {
  const { pairing, pendingReports } = await readState(deps.chrome);
  if (!pairing || pairing.paused || pairing.revoked || pendingReports.length === 0) return;
  let sent = 0;
  for (const report of pendingReports) {
    const result = await deps.api.reportAttempt(pairing, report);
    if (result.kind === "error") break;
    sent += 1;
    if (result.kind === "refused") continue;
    if (!(await deps.settle(result))) break;
  }
  const { pendingReports: now } = await readState(deps.chrome);
  await writeState(deps.chrome, { pendingReports: now.slice(sent) });
}

/**
 * Sends `attempt` when it passes the checks above; `reported` says whether the API took it now
 * (one that waits for the server counts as not yet). Counts it in today's stopped visits either way.
 */
export async function reportAttempt(deps: ReportingDeps, attempt: BlockedAttemptReport): Promise<{ reported: boolean }> {
  const { pairing, blocklist, passes } = await readState(deps.chrome);
  if (!pairing || pairing.paused || !shieldBlocksDomain(blocklist, attempt.domain)) return { reported: false };
  if (!(await claimRedirect(deps.chrome, attempt.key, attempt.documentId))) return { reported: false };
  await writeState(deps.chrome, { passes: countStopped(passes, deps.now()) });
  if (pairing.revoked) return { reported: false };
  return { reported: await send(deps, pairing, { domain: attempt.domain, at: attempt.at }) };
}

/** A choice on a delay page: go on to the site after the countdown, or go back to focus. */
export interface DelayChoiceReport extends BlockedAttemptReport {
  choice: "pass" | "turned_back";
  /** The delayed entry (stored form) the page was opened for. */
  entry: string;
}

/** The worker's answer to a delay page: whether a pass was granted, until when, or the API's reason for refusing it. */
export interface DelayChoiceAnswer {
  granted: boolean;
  /** When the pass ends, epoch ms. */
  until?: number;
  /** Why the account may not take a pass now, in the API's words (shown on the page). */
  message?: string;
}

/**
 * Takes a delay page's choice (`docs/product.md`, Delay instead of a wall): once per page
 * load with the current redirect key, for an entry the kept Shield delays. A pass is granted
 * only once DELAY_WAIT_SECONDS have passed since the page said it was on screen (`delay_shown`,
 * on the worker's clock), while the day has passes left and no strict focus session runs (it opens the entry for
 * DELAY_PASS_MINUTES, passes.ts); each
 * granted pass and each turn-back is reported with its kind. The caller rebuilds the rules.
 */
export async function reportDelayChoice(deps: ReportingDeps, report: DelayChoiceReport): Promise<DelayChoiceAnswer> {
  const { pairing, blocklist, passes, timer } = await readState(deps.chrome);
  const entry = parseSiteEntry(report.entry);
  if (!pairing || pairing.paused || !blocklist?.delayed.includes(report.entry) || entry?.host !== report.domain) return { granted: false };
  // The wait is the worker's to count, from when the page came on screen: a button enabled early
  // lets nobody in, and the page may try again once the wait is over.
  if (report.choice === "pass") {
    const shownAt = await delayShownAt(deps.chrome, report.key, report.documentId);
    if (shownAt === null || deps.now() - shownAt < DELAY_WAIT_SECONDS * 1000) return { granted: false };
  }
  if (!(await claimRedirect(deps.chrome, report.key, `${report.choice}:${report.documentId}`))) return { granted: false };
  if (report.choice === "turned_back") {
    if (!pairing.revoked) await send(deps, pairing, { domain: report.domain, at: report.at, kind: "turned_back" });
    return { granted: true };
  }
  if (!mayTakePass({ timer }, deps.now())) return { granted: false };
  // The passes other browsers of the account took today count too (as the server last said).
  if (delayPassesLeft(passesTakenToday(passes, blocklist, deps.now()), blocklist.passesPerDay) <= 0) return { granted: false };
  const taken = takePass(passes, report.entry, deps.now(), blocklist.passesPerDay);
  if (taken === null) return { granted: false };
  if (!pairing.revoked) {
    // The account's passes are counted on the server, whichever browser takes them: its refusal
    // (none left today, a strict session) stands and is shown; without an answer this browser's
    // own count decides, and the pass is reported later.
    const result = await deps.api.reportAttempt(pairing, { domain: report.domain, at: report.at, kind: "pass" });
    if (result.kind === "refused") return { granted: false, message: result.message ?? "The server refused this pass." };
    if (result.kind === "error") {
      const { pendingReports } = await readState(deps.chrome);
      await writeState(deps.chrome, { pendingReports: [...pendingReports, { domain: report.domain, at: report.at, kind: "pass" }] });
    } else if (!(await deps.settle(result))) {
      return { granted: false };
    }
  }
  await writeState(deps.chrome, { passes: taken });
  const until = taken.open.find((pass) => pass.entry === report.entry)?.until;
  return { granted: true, ...(until !== undefined ? { until } : {}) };
}
