/**
 * The reporting part of the worker (`docs/architecture.md`, The extension's blocked attempts):
 * a blocked attempt reaches `POST /api/blocked-attempts` only when the device is paired and on,
 * an entry of the blocklist blocks the domain (a whole site or a path of it), and the page presents the current redirect key from a page
 * load that has not reported with it before (redirectKey.ts).
 */
import type { ApiClient, ApiResult } from "./api";
import type { ChromeAdapter } from "./chromeAdapter";
import { claimRedirect } from "./redirectKey";
import { blockableEntries } from "./rules";
import { parseSiteEntry } from "@focus/core/schemas";
import { readState } from "./storage";

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
}

/** Sends `attempt` when it passes the checks above; `reported` says whether the API took it. */
export async function reportAttempt(deps: ReportingDeps, attempt: BlockedAttemptReport): Promise<{ reported: boolean }> {
  const { pairing, blocklist } = await readState(deps.chrome);
  const blocksDomain = (blocklist ? blockableEntries(blocklist.entries).entries : []).some((text) => {
    const entry = parseSiteEntry(text);
    return entry !== null && !entry.allow && entry.host === attempt.domain;
  });
  if (!pairing || pairing.paused || !blocksDomain) return { reported: false };
  if (!(await claimRedirect(deps.chrome, attempt.key, attempt.documentId))) return { reported: false };
  return { reported: await deps.settle(await deps.api.reportAttempt(pairing, { domain: attempt.domain, at: attempt.at })) };
}
