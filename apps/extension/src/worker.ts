/**
 * The service worker's logic (`docs/architecture.md`): puts its parts together. Each part does
 * one thing and is tested alone: the server's clock (serverClock.ts), the rules
 * (blocking.ts), the badge and alarms (wakeups.ts), the pairing and live connection
 * (pairing.ts), the blocked-attempt reports and delay passes (reporting.ts, passes.ts), the
 * strict state (strict.ts); schedules are core's, read by blocking.ts and wakeups.ts. Chrome can stop the worker at any
 * moment, so every step reads the stored state, changes it and writes it back, and
 * `reconcile()` brings rules, badge and alarms in line with what is stored. Steps run one at a
 * time (a small queue), so a message and an alarm never interleave.
 */
import type { ExtensionLinkStatus, ExtensionStatus, LiveMessage, SharedTimerState } from "@focus/core/protocol";
import type { ApiClient } from "./api";
import { applyBlocking, type ApplyBlockingOptions, blockingUntil, rulesInPlace, scheduleEndOf } from "./blocking";
import type { ChromeAdapter } from "./chromeAdapter";
import { linkStatusOf } from "./linkStatus";
import type { LiveSocket } from "./live";
import type { PopupCommand } from "./messages";
import { checkNavigation, type TabPage } from "./navigationCheck";
import { createPairing, type PairingPart } from "./pairing";
import { DELAY_WAIT_SECONDS, delayPassesLeft, MAX_FAILED_ENTRIES } from "@focus/core/schemas";
import { passesOfToday, passesTakenToday } from "./passes";
import { delayShownAt, noteDelayShown } from "./redirectKey";
import { type BlockedAttemptReport, type DelayChoiceAnswer, type DelayChoiceReport, reportAttempt, reportDelayChoice, type ReportingDeps, sendPendingReports } from "./reporting";
import { createServerClock, type ServerClock } from "./serverClock";
import { holdsFast, mayUnpair, mayTakePass } from "./strict";
import { readState, type StoredState, writeState } from "./storage";
import { isFocusRunning, receivedTimer, stateToShare } from "./timer";
import { ALARMS, applyWakeups } from "./wakeups";

export { ALARMS } from "./wakeups";
export { linkStatusOf } from "./linkStatus";
export type { BlockedAttemptReport, DelayChoiceReport } from "./reporting";

/** The app's page that records a removal and asks why (`docs/product.md`, Removing the extension). */
export const REMOVAL_PAGE_PATH = "/extension/removed";

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
  /**
   * Today on this browser: passes left through delay pages, the day's allowance, visits stopped;
   * and until when the Shield blocks now (a focus session or a schedule), epoch ms on the server's clock.
   */
  shield: {
    passesLeft: number;
    passesPerDay: number;
    stoppedToday: number;
    blockingUntil?: number | null;
    /** What blocks now: a focus session, or a schedule's window with no session running. */
    blockedBy?: "session" | "schedule" | null;
    task?: string | null;
    intention?: string | null;
    strict?: boolean;
  };
}

export interface Worker {
  /** Runs once per service-worker start: reconnects and reconciles. */
  start(): Promise<void>;
  onAlarm(name: string): Promise<void>;
  /** A tab's page changed (committed, or its address set by the page): the navigation check (navigationCheck.ts). */
  onTabPage(page: TabPage): Promise<boolean>;
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
  /** A delay page came on screen: its wait starts now (redirectKey.ts `noteDelayShown`). */
  /**
   * Notes that a delay page came on screen; answers how long its wait still runs on the worker's
   * clock (the page counts down to that, so its Continue is never early), or null for a page it
   * does not know.
   */
  delayShown(key: string, documentId: string): Promise<{ waitMs: number } | null>;
  /** A delay page's "Continue" (a pass, after the wait, while the day has some left) or "Go back to focus" (reporting.ts). */
  delayChoice(report: DelayChoiceReport): Promise<DelayChoiceAnswer>;
  /** Handles one message of the live connection (exposed for tests). */
  onLiveMessage(message: LiveMessage): Promise<void>;
  /** Closes the live connection (tests; Chrome simply stops the worker). */
  dispose(): void;
}

/** Whether the kept blocklist should be fetched again at `now` (server clock, epoch ms). */
function blocklistStale(state: StoredState, now: number): boolean {
  return !state.blocklist || now - state.blocklist.fetchedAt > BLOCKLIST_MAX_AGE_MS;
}

/** What the worker's steps share: its deps, the server's clock, the pairing and `reconcile`. */
interface WorkerContext {
  deps: WorkerDeps;
  clock: ServerClock;
  link: PairingPart;
  reporting: ReportingDeps;
  /** Brings rules, badge and alarms in line with the stored state. */
  reconcile: (options?: ApplyBlockingOptions) => Promise<void>;
}

export function createWorker(deps: WorkerDeps): Worker {
  const { chrome, api } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  const clock = createServerClock(chrome, deps.now);

  /** Runs `task` after every task queued before it. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch((error: unknown) => console.warn("focus extension task failed", error));
    return run;
  }

  /**
   * Brings rules, badge and alarms in line with the stored state (blocking.ts, wakeups.ts); a
   * pairing the server revoked while the Shield held fast is let go once that has ended.
   */
  async function reconcile(options: ApplyBlockingOptions = {}): Promise<void> {
    let state = await readState(chrome);
    if (state.pairing?.revoked && !holdsFast(state, clock.now())) {
      await writeState(chrome, { pairing: null, timer: null, blocklist: null, connection: "closed" });
      state = await readState(chrome);
    }
    // While the app answers, remember the schedule window that blocks now: it is what this
    // browser keeps blocking on if the app becomes unreachable (blocking.ts `heldScheduleEnd`).
    if (state.connection === "open") {
      const scheduleHold = scheduleEndOf(state.blocklist, clock.now());
      if (scheduleHold !== state.scheduleHold) {
        await writeState(chrome, { scheduleHold });
        state = { ...state, scheduleHold };
      }
    }
    await applyBlocking(chrome, state, clock.now(), options);
    await applyWakeups(chrome, state, clock);
  }

  const reporting = { chrome, api, settle: (result: Parameters<typeof link.settle>[0]) => link.settle(result), now: () => clock.now() };

  const link = createPairing({
    chrome,
    api,
    createSocket: deps.createSocket,
    clock,
    serial,
    reconcile: () => reconcile(),
    onLiveMessage: (message) => void worker.onLiveMessage(message),
    onOpen: () => {
      void serial(() => reportShield(context));
      void serial(() => sendPendingReports(reporting));
    },
  });
  const context: WorkerContext = { deps, clock, link, reporting, reconcile };

  const worker: Worker = {
    start: () => serial(() => resume(context)),

    onTabPage: (page) => serial(() => checkNavigation(chrome, page, clock.now())),

    onAlarm: (name) => serial(() => handleAlarm(context, name)),

    pair: (token, apiOrigin) =>
      serial(async () => {
        const status = await link.pair(token, apiOrigin);
        if (status.error === undefined) {
          await reconcile({ forceRules: true });
          await keepUninstallUrl(context);
        }
        return status;
      }),

    unpair: (origin) =>
      serial(async () => {
        // A strict focus session keeps the extension paired (strict.ts).
        if (mayUnpair(await readState(chrome), clock.now())) await link.unpair(origin);
        return link.status(origin);
      }),

    status: (origin) => serial(() => link.status(origin)),

    popupState: () => serial(() => readPopupState(context)),

    dispose: () => link.disconnect(),

    command: async (action) => ({ sent: link.send({ type: "command", action }) }),

    reportAttempt: (attempt) => serial(() => reportAttempt(reporting, attempt)),

    delayShown: (key, documentId) =>
      serial(async () => {
        if (!(await noteDelayShown(chrome, key, documentId, clock.now()))) return null;
        const shownAt = await delayShownAt(chrome, key, documentId);
        return shownAt === null ? null : { waitMs: Math.max(0, shownAt + DELAY_WAIT_SECONDS * 1000 - clock.now()) };
      }),

    delayChoice: (report) =>
      serial(async () => {
        const answer = await reportDelayChoice(reporting, report);
        if (answer.until !== undefined) await reconcile();
        return answer;
      }),

    onLiveMessage: (message) => serial(() => handleLiveMessage(context, message)),
  };
  return worker;
}

/** Tells the server how the shield stands (`docs/product.md`, A shield that says when it is down). */
async function reportShield({ deps: { chrome }, clock, link }: WorkerContext): Promise<void> {
  const state = await readState(chrome);
  if (!state.pairing || state.pairing.paused) return;
  const [incognitoAllowed, inPlace] = await Promise.all([chrome.runtime.incognitoAllowed(), rulesInPlace(chrome, state, clock.now())]);
  link.send({ type: "shield_status", incognitoAllowed, rulesInPlace: inPlace, failedEntries: state.failedEntries.slice(0, MAX_FAILED_ENTRIES) });
}

/** Points Chrome's uninstall page at the paired app's (else the default app's) removal page. */
async function keepUninstallUrl({ deps }: WorkerContext): Promise<void> {
  const { pairing } = await readState(deps.chrome);
  await deps.chrome.runtime.setUninstallUrl(`${pairing?.apiOrigin ?? deps.defaultAppUrl}${REMOVAL_PAGE_PATH}`);
}

/** A timer update from the web app: mirror it, and switch blocking on or off. */
async function applyTimerUpdate(
  { deps: { chrome }, clock, link, reconcile }: WorkerContext,
  timerState: Extract<LiveMessage, { type: "timer_update" }>["timerState"],
): Promise<void> {
  const state = await readState(chrome);
  if (!state.pairing || state.pairing.paused) return;
  const now = clock.now();
  const wasFocus = isFocusRunning(state.timer, now);
  const timer = receivedTimer(timerState, now);
  await writeState(chrome, { timer });
  const isFocus = isFocusRunning(timer, now);
  if (isFocus && (!wasFocus || blocklistStale(state, now))) await link.refreshBlocklist(state.pairing);
  await reconcile({ redirectOpenTabs: isFocus && !wasFocus });
}

/** The first step of each worker start: the stored clock offset, the live connection, reconcile. */
async function resume(context: WorkerContext): Promise<void> {
  const { deps: { chrome }, clock, link, reconcile } = context;
  const state = await readState(chrome);
  clock.load(state.clockOffset);
  if (state.pairing && !state.pairing.paused && !state.pairing.revoked) {
    await writeState(chrome, { connection: "connecting" });
    link.connect(state.pairing);
  } else if (state.connection !== "closed") {
    await writeState(chrome, { connection: "closed" });
  }
  await reconcile();
  await keepUninstallUrl(context);
}

/** An alarm went off (wakeups.ts ALARMS): the heartbeat keeps the pairing alive, then reconcile. */
async function handleAlarm(context: WorkerContext, name: string): Promise<void> {
  const { deps: { chrome }, clock, link, reconcile } = context;
  const state = await readState(chrome);
  // ALARMS.passEnd needs nothing more: reconcile() blocks a site whose pass ended.
  if (name === ALARMS.heartbeat && state.pairing) {
    if (state.pairing.paused) {
      await link.checkPaused(state.pairing);
    } else {
      link.keepConnected(state.pairing);
      // Kept fresh outside focus too: schedules block without a timer.
      if (blocklistStale(state, clock.now())) await link.refreshBlocklist(state.pairing);
    }
  }
  // A schedule window that begins sends open tabs of blocked sites to the blocked page, as a focus start does.
  await reconcile({ redirectOpenTabs: name === ALARMS.schedule });
  if (name === ALARMS.heartbeat) {
    await reportShield(context);
    await sendPendingReports(context.reporting);
  }
}

/** What the popup and the blocked page are told, after reconnecting a connection that gave up. */
async function readPopupState({ deps, clock, link }: WorkerContext): Promise<PopupState> {
  const { chrome } = deps;
  let state = await readState(chrome);
  // Opening the popup is a good moment to reconnect a connection that gave up, or to
  // see whether a paused device was switched on again.
  if (state.pairing?.paused) {
    await link.checkPaused(state.pairing);
    state = await readState(chrome);
  } else if (state.pairing) {
    link.keepConnected(state.pairing);
  }
  clock.load(state.clockOffset);
  const today = passesOfToday(state.passes, clock.now());
  const passesPerDay = state.blocklist?.passesPerDay ?? 0;
  return {
    shield: {
      passesLeft: delayPassesLeft(passesTakenToday(state.passes, state.blocklist, clock.now()), passesPerDay),
      passesPerDay,
      stoppedToday: today.stopped,
      blockingUntil: blockingUntil(state, clock.now()),
      blockedBy: isFocusRunning(state.timer, clock.now()) ? "session" : blockingUntil(state, clock.now()) !== null ? "schedule" : null,
      task: isFocusRunning(state.timer, clock.now()) ? (state.blocklist?.sessionTask ?? null) : null,
      intention: isFocusRunning(state.timer, clock.now()) ? (state.blocklist?.sessionIntention ?? null) : null,
      strict: !mayTakePass(state, clock.now()),
    },
    link: linkStatusOf(state),
    timer: state.timer,
    appUrl: state.pairing?.apiOrigin ?? deps.defaultAppUrl,
    clockOffset: clock.offset(),
    version: chrome.runtime.version,
  };
}

/** One message of the live connection: a pong, a timer update, changed settings, a sync request. */
async function handleLiveMessage(context: WorkerContext, message: LiveMessage): Promise<void> {
  const { deps, clock, link, reconcile } = context;
  if (message.type === "pong" && message.sentAt !== undefined && message.serverNow !== undefined) {
    // A changed offset moves the blocking times: rebuild them.
    if (await clock.take({ sentAt: message.sentAt, receivedAt: deps.now(), serverNow: message.serverNow })) await reconcile();
  } else if (message.type === "timer_update") {
    // Only the web app owns the timer; another extension's echo is not a source of truth.
    if (message.source !== "extension") {
      await applyTimerUpdate(context, message.timerState);
      await reportShield(context);
    }
  } else if (message.type === "settings_changed" || message.type === "blocked_sites_changed") {
    // The list, the Shield's mode or passes a day may have changed: fetch them again.
    const { pairing } = await readState(deps.chrome);
    if (pairing && !pairing.paused) {
      await link.refreshBlocklist(pairing);
      await reconcile();
    }
  } else if (message.type === "command" && message.action === "sync_request") {
    const { timer } = await readState(deps.chrome);
    if (timer) link.send({ type: "timer_update", timerState: stateToShare(timer, clock.now()) });
  }
}
