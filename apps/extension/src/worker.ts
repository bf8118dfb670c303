/**
 * The service worker's logic (`docs/architecture.md`): pairing, the timer mirror, blocking,
 * the badge and the alarms. The worker can be stopped by Chrome at any moment, so every step
 * reads the stored state, changes it and writes it back, and `reconcile()` brings rules, badge
 * and alarms in line with what is stored. Steps run one at a time (a small queue), so a
 * message and an alarm never interleave.
 */
import { clockOffsetMs, keepClockSample, type ClockSample, type ExtensionLinkStatus, type ExtensionStatus, type LiveMessage, type SharedTimerState } from "@focus/core/protocol";
import type { ApiClient, ApiResult } from "./api";
import type { ChromeAdapter } from "./chromeAdapter";
import { type LiveLink, type LiveSocket, LIVE_CLOSE, liveUrl, startLiveLink } from "./live";
import { badgeFor, endsAtOf, isFocusRunning, isStrictRunning, nextBadgeChangeAt, receivedTimer, stateToShare } from "./timer";
import type { PopupCommand } from "./messages";
import { claimRedirect, clearRedirectKey, readRedirectKey, renewRedirectKey } from "./redirectKey";
import { BLOCKED_PAGE_PATH, blockableDomains, blockedDomainOf, blockedPageUrl, buildBlockRules, redirectKeyOf } from "./rules";
import { type Pairing, readState, type StoredState, writeState } from "./storage";

/** Alarm names. */
export const ALARMS = {
  /** At the end of the running session: blocking stops even if no message comes. */
  sessionEnd: "session-end",
  /** When the badge's minute count next drops. */
  badge: "badge",
  /** Every minute while paired: reconnect, re-check a paused device, refresh the blocklist. */
  heartbeat: "heartbeat",
} as const;

/** The blocklist is fetched again after this long during a focus session, ms. */
export const BLOCKLIST_MAX_AGE_MS = 5 * 60_000;

export interface WorkerDeps {
  chrome: ChromeAdapter;
  api: ApiClient;
  createSocket: (url: string) => LiveSocket;
  now: () => number;
  /** The web app to open when the extension is not paired (build-time config). */
  defaultAppUrl: string;
}

/** What the popup and the blocked page are told. */
export interface PopupState {
  link: ExtensionLinkStatus;
  timer: SharedTimerState | null;
  /** Where "Open Focus Flow" leads: the paired app, else the default. */
  appUrl: string;
  version: string;
  /** The server's clock minus this browser's, ms: the popup and the blocked page read time on it. */
  clockOffset: number;
}

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

export interface Worker {
  /** Runs once per service-worker start: reconnects and reconciles. */
  start(): Promise<void>;
  onAlarm(name: string): Promise<void>;
  pair(token: string, apiOrigin: string): Promise<ExtensionStatus>;
  unpair(origin: string): Promise<ExtensionStatus>;
  status(origin: string): Promise<ExtensionStatus>;
  popupState(): Promise<PopupState>;
  command(action: PopupCommand): Promise<{ sent: boolean }>;
  /**
   * Sends a blocked attempt to the API when it comes from a redirect of the installed rules:
   * the current redirect key, a page that has not reported with it yet, a blocked domain.
   */
  reportAttempt(attempt: BlockedAttemptReport): Promise<{ reported: boolean }>;
  /** Handles one message of the live connection (exposed for tests). */
  onLiveMessage(message: LiveMessage): Promise<void>;
  /** Closes the live connection (tests; Chrome simply stops the worker). */
  dispose(): void;
}

/** How the extension stands, from what is stored. */
export function linkStatusOf(state: Pick<StoredState, "pairing" | "connection">): ExtensionLinkStatus {
  if (!state.pairing) return "unlinked";
  if (state.pairing.paused) return "paused";
  return state.connection === "open" ? "linked" : "connecting";
}

/** The web app's host name, for keeping it out of the rules. */
function hostOf(origin: string | undefined): string | null {
  try {
    return origin ? new URL(origin).hostname : null;
  } catch {
    return null;
  }
}

export function createWorker(deps: WorkerDeps): Worker {
  const { chrome, api } = deps;
  let live: LiveLink | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  /** The server's clock minus this browser's, ms, and the round trips it comes from (kept in storage across restarts). */
  let offset: number | null = null;
  let clockSamples: ClockSample[] = [];
  /** The server's clock, epoch ms: every time the server sends is compared with it. */
  const clock = () => deps.now() + (offset ?? 0);

  /** Takes one pong's round trip; when the offset changes, keeps it and rebuilds the blocking times. */
  async function takeClockSample(sample: ClockSample): Promise<void> {
    clockSamples = keepClockSample(clockSamples, sample);
    const next = clockOffsetMs(clockSamples);
    if (next === offset) return;
    offset = next;
    await writeState(chrome, { clockOffset: next });
    await reconcile();
  }

  /** Runs `task` after every task queued before it. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch((error: unknown) => console.warn("focus extension task failed", error));
    return run;
  }

  /** Whether sites should be blocked now, and which, until when. */
  function blockingPlan(state: StoredState, now: number) {
    const active = state.pairing !== null && !state.pairing.paused && isFocusRunning(state.timer, now);
    const domains = active ? (state.blocklist?.domains ?? []) : [];
    const endsAt = active ? endsAtOf(state.timer, now) : null;
    const appHost = hostOf(state.pairing?.apiOrigin);
    return { active: active && domains.length > 0, domains, endsAt, appHost };
  }

  /**
   * Brings rules, badge and alarms in line with the stored state. With `redirectOpenTabs`,
   * tabs already showing a blocked site are sent to the blocked page (a focus session began).
   * Rules are installed with a new redirect key each time (redirectKey.ts); rules that do not
   * carry the current key (the browser restarted and the key is gone) are installed again.
   */
  async function reconcile(options: { redirectOpenTabs?: boolean; forceRules?: boolean } = {}): Promise<void> {
    const state = await readState(chrome);
    const now = clock();
    const plan = blockingPlan(state, now);
    const pageUrl = chrome.runtime.getURL(BLOCKED_PAGE_PATH);

    const signature = plan.active ? JSON.stringify([plan.domains, plan.endsAt, plan.appHost]) : "";
    const installed = await chrome.rules.getDynamic();
    const redirect = await readRedirectKey(chrome);
    const keyed = redirect !== null && installed.length > 0 && installed.every((rule) => redirectKeyOf(rule) === redirect.key);
    const upToDate = signature === (state.blockingSignature ?? "") && (plan.active ? keyed : installed.length === 0);
    if (!upToDate || options.forceRules) {
      // Kept before the rules that carry it are installed, so a redirect's report always finds its key.
      const key = plan.active ? await renewRedirectKey(chrome) : null;
      const rules = key !== null ? buildBlockRules(plan.domains, { key, endsAt: plan.endsAt, appHost: plan.appHost }) : [];
      await chrome.rules.update(
        installed.map((rule) => rule.id),
        rules,
      );
      await writeState(chrome, { blockingSignature: signature || null });
    }
    if (!plan.active && redirect !== null) await clearRedirectKey(chrome);
    if (plan.active && options.redirectOpenTabs) {
      for (const tab of await chrome.tabs.query()) {
        const domain = blockedDomainOf(tab.url, plan.domains);
        if (domain) await chrome.tabs.navigate(tab.id, blockedPageUrl(pageUrl, domain, plan.endsAt, "open-tab"));
      }
    }

    await chrome.badge.set(badgeFor(linkStatusOf(state), state.timer, now));

    const endsAt = state.pairing && !state.pairing.paused ? endsAtOf(state.timer, now) : null;
    // Alarms fire on this browser's clock: a time of the server's is moved by the offset.
    if (endsAt !== null && endsAt > now) await chrome.alarms.create(ALARMS.sessionEnd, { when: endsAt - (offset ?? 0) });
    else await chrome.alarms.clear(ALARMS.sessionEnd);
    const badgeAt = endsAt !== null ? nextBadgeChangeAt(state.timer, now) : null;
    if (badgeAt !== null) await chrome.alarms.create(ALARMS.badge, { when: badgeAt - (offset ?? 0) });
    else await chrome.alarms.clear(ALARMS.badge);
    if (!state.pairing) await chrome.alarms.clear(ALARMS.heartbeat);
    else if (!(await chrome.alarms.exists(ALARMS.heartbeat))) await chrome.alarms.create(ALARMS.heartbeat, { periodInMinutes: 1 });
  }

  function disconnect(): void {
    live?.stop();
    live = null;
  }

  /** Forgets the pairing (the device was unlinked): no token, no rules, badge "off". */
  async function markUnlinked(): Promise<void> {
    disconnect();
    await writeState(chrome, { pairing: null, timer: null, blocklist: null, connection: "closed" });
    await reconcile();
  }

  /** The device was switched off in the web app: no rules, no live connection until it is back. */
  async function markPaused(): Promise<void> {
    disconnect();
    const { pairing } = await readState(chrome);
    if (!pairing) return;
    await writeState(chrome, { pairing: { ...pairing, paused: true }, timer: null, connection: "closed" });
    await reconcile();
  }

  /** Acts on an unlinked/paused answer; true when the call went through. */
  async function settle(result: ApiResult<unknown>): Promise<boolean> {
    if (result.kind === "unlinked") await markUnlinked();
    else if (result.kind === "paused") await markPaused();
    return result.kind === "ok";
  }

  /** Fetches the blocklist from the API (never from a page) and stores its blockable domains. */
  async function refreshBlocklist(pairing: Pairing): Promise<void> {
    const result = await api.blockedSites(pairing);
    if (result.kind === "ok") {
      await writeState(chrome, { blocklist: { domains: blockableDomains(result.value).domains, fetchedAt: clock() } });
    } else {
      await settle(result);
    }
  }

  function connect(pairing: Pairing): void {
    disconnect();
    const link = startLiveLink(liveUrl(pairing.apiOrigin, pairing.token), deps.createSocket, {
      onMessage: (message) => void worker.onLiveMessage(message),
      onConnection: (connection) => {
        if (live !== link) return;
        void serial(async () => {
          const { pairing: current } = await readState(chrome);
          if (current && !current.paused) await writeState(chrome, { connection });
        });
      },
      onClose: (code, opened) => {
        if (live !== link) return;
        if (code === LIVE_CLOSE.unlinked) void serial(markUnlinked);
        else if (code === LIVE_CLOSE.paused) void serial(markPaused);
        else if (!opened) {
          // Refused before it opened: the REST API says whether the token is still good.
          void serial(async () => {
            const { pairing: current } = await readState(chrome);
            if (current && !current.paused && live === link) await settle(await api.checkLink(current));
          });
        }
      },
    });
    live = link;
  }

  /** A paused device asks whether it was switched on again, and resumes if so. */
  async function checkPaused(pairing: Pairing): Promise<void> {
    const result = await api.checkLink(pairing);
    if (result.kind === "ok") {
      const resumed = { ...pairing, paused: false };
      await writeState(chrome, { pairing: resumed, connection: "connecting" });
      await refreshBlocklist(resumed);
      connect(resumed);
    } else if (result.kind === "unlinked") {
      await markUnlinked();
    }
  }

  async function statusFor(origin: string): Promise<ExtensionStatus> {
    const state = await readState(chrome);
    return {
      version: chrome.runtime.version,
      link: linkStatusOf(state),
      pairedHere: state.pairing?.apiOrigin === origin,
    };
  }

  /** A timer update from the web app: mirror it, and switch blocking on or off. */
  async function applyTimerUpdate(timerState: Extract<LiveMessage, { type: "timer_update" }>["timerState"]): Promise<void> {
    const state = await readState(chrome);
    if (!state.pairing || state.pairing.paused) return;
    const now = clock();
    const wasFocus = isFocusRunning(state.timer, now);
    const timer = receivedTimer(timerState, now);
    await writeState(chrome, { timer });
    const isFocus = isFocusRunning(timer, now);
    const stale = !state.blocklist || now - state.blocklist.fetchedAt > BLOCKLIST_MAX_AGE_MS;
    if (isFocus && (!wasFocus || stale)) await refreshBlocklist(state.pairing);
    await reconcile({ redirectOpenTabs: isFocus && !wasFocus });
  }

  const worker: Worker = {
    start: () =>
      serial(async () => {
        const state = await readState(chrome);
        offset ??= state.clockOffset;
        if (state.pairing && !state.pairing.paused) {
          await writeState(chrome, { connection: "connecting" });
          connect(state.pairing);
        } else if (state.connection !== "closed") {
          await writeState(chrome, { connection: "closed" });
        }
        await reconcile();
      }),

    onAlarm: (name) =>
      serial(async () => {
        const state = await readState(chrome);
        if (name === ALARMS.heartbeat && state.pairing) {
          if (state.pairing.paused) {
            await checkPaused(state.pairing);
          } else {
            if (!live) connect(state.pairing);
            else if (live.connection === "closed") live.retry();
            const stale = !state.blocklist || clock() - state.blocklist.fetchedAt > BLOCKLIST_MAX_AGE_MS;
            if (isFocusRunning(state.timer, clock()) && stale) await refreshBlocklist(state.pairing);
          }
        }
        await reconcile();
      }),

    pair: (token, apiOrigin) =>
      serial(async () => {
        const pairing: Pairing = { token, apiOrigin, paused: false };
        const check = await api.checkLink(pairing);
        if (check.kind !== "ok") {
          const reason = check.kind === "error" ? `Could not reach ${apiOrigin}: ${check.message}` : `The device token was refused (${check.kind})`;
          return { ...(await statusFor(apiOrigin)), error: reason };
        }
        disconnect();
        await writeState(chrome, { pairing, timer: null, blocklist: null, connection: "connecting" });
        await refreshBlocklist(pairing);
        connect(pairing);
        await reconcile({ forceRules: true });
        return statusFor(apiOrigin);
      }),

    unpair: (origin) =>
      serial(async () => {
        const { pairing, timer } = await readState(chrome);
        // A strict focus session keeps the extension paired (`docs/product.md`, Strict focus).
        if (pairing?.apiOrigin === origin && !isStrictRunning(timer, clock())) await markUnlinked();
        return statusFor(origin);
      }),

    status: (origin) => serial(() => statusFor(origin)),

    popupState: () =>
      serial(async () => {
        let state = await readState(chrome);
        // Opening the popup is a good moment to reconnect a connection that gave up, or to
        // see whether a paused device was switched on again.
        if (state.pairing?.paused) {
          await checkPaused(state.pairing);
          state = await readState(chrome);
        } else if (state.pairing) {
          if (!live) connect(state.pairing);
          else if (live.connection === "closed") live.retry();
        }
        return {
          link: linkStatusOf(state),
          timer: state.timer,
          appUrl: state.pairing?.apiOrigin ?? deps.defaultAppUrl,
          clockOffset: offset ?? state.clockOffset,
          version: chrome.runtime.version,
        };
      }),

    dispose: disconnect,

    command: async (action) => ({ sent: live?.send({ type: "command", action }) ?? false }),

    reportAttempt: ({ domain, at, key, documentId }) =>
      serial(async () => {
        const { pairing, blocklist } = await readState(chrome);
        if (!pairing || pairing.paused || !blocklist?.domains.includes(domain)) return { reported: false };
        if (!(await claimRedirect(chrome, key, documentId))) return { reported: false };
        return { reported: await settle(await api.reportAttempt(pairing, { domain, at })) };
      }),

    onLiveMessage: (message) =>
      serial(async () => {
        if (message.type === "pong" && message.sentAt !== undefined && message.serverNow !== undefined) {
          await takeClockSample({ sentAt: message.sentAt, receivedAt: deps.now(), serverNow: message.serverNow });
        } else if (message.type === "timer_update") {
          // Only the web app owns the timer; another extension's echo is not a source of truth.
          if (message.source !== "extension") await applyTimerUpdate(message.timerState);
        } else if (message.type === "command" && message.action === "sync_request") {
          const { timer } = await readState(chrome);
          if (timer) live?.send({ type: "timer_update", timerState: stateToShare(timer, clock()) });
        }
      }),
  };
  return worker;
}
