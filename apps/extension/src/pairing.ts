/**
 * The pairing and live part of the worker: the device token, the live connection it opens,
 * the blocklist it fetches (from the API, never from a page), and what an unlinked (401, close
 * 4401) or switched-off (403, close 4403) answer does. Every step that changes storage runs in
 * the worker's queue (`serial`); `reconcile` brings rules, badge and alarms in line after it.
 */
import type { ExtensionStatus, LiveMessage } from "@focus/core/protocol";
import type { ApiClient, ApiResult } from "./api";
import type { ChromeAdapter } from "./chromeAdapter";
import { linkStatusOf } from "./linkStatus";
import { type LiveLink, type LiveLinkEvents, type LiveSocket, LIVE_CLOSE, liveUrl, startLiveLink } from "./live";
import { blockableEntries } from "./rules";
import type { ServerClock } from "./serverClock";
import { holdsFast } from "./strict";
import { type Pairing, readState, writeState } from "./storage";

export interface PairingDeps {
  chrome: ChromeAdapter;
  api: ApiClient;
  createSocket: (url: string) => LiveSocket;
  clock: Pick<ServerClock, "now">;
  /** Runs a step after every step queued before it. */
  serial: <T>(task: () => Promise<T>) => Promise<T>;
  /** Brings rules, badge and alarms in line with what is stored. */
  reconcile: () => Promise<void>;
  /** Each message of the live connection. */
  onLiveMessage: (message: LiveMessage) => void;
  /** The connection opened: the worker reports its shield. */
  onOpen?: () => void;
}

export interface PairingPart {
  /** Checks the token with the API, keeps it, fetches the blocklist and connects; the status (with `error` when refused). */
  pair(token: string, apiOrigin: string): Promise<ExtensionStatus>;
  /** Forgets the pairing when it belongs to `origin`. */
  unpair(origin: string): Promise<void>;
  status(origin: string): Promise<ExtensionStatus>;
  /** Opens the live connection of `pairing`, closing any other. */
  connect(pairing: Pairing): void;
  disconnect(): void;
  /** Reconnects a live connection that is missing or gave up. */
  keepConnected(pairing: Pairing): void;
  /** A paused device asks whether it was switched on again, and resumes if so. */
  checkPaused(pairing: Pairing): Promise<void>;
  refreshBlocklist(pairing: Pairing): Promise<void>;
  /** Acts on an unlinked/paused answer; true when the call went through. */
  settle(result: ApiResult<unknown>): Promise<boolean>;
  /** Sends a message on the live connection; false when it is not open. */
  send(message: LiveMessage): boolean;
}

/** What a pairing with another account says while the Shield holds fast (strict.ts `holdsFast`). */
export const PAIRING_HELD_MESSAGE = "A strict focus session or a schedule is blocking sites in this browser: pair it again once it ends.";

/** What an unlinked (401, close 4401) or switched-off (403, close 4403) answer does. */
interface LinkLoss {
  markUnlinked(): Promise<void>;
  markPaused(): Promise<void>;
  /** Acts on an unlinked/paused answer; true when the call went through. */
  settle(result: ApiResult<unknown>): Promise<boolean>;
}

/** What a lost link does, given how to close the live connection (`disconnect`). */
function createLinkLoss(deps: PairingDeps, disconnect: () => void): LinkLoss {
  const { chrome, reconcile } = deps;

  /**
   * Forgets the pairing (the device was unlinked): no token, no rules, badge "off". During a
   * strict session or a schedule's window the token is dropped from use but the list, the timer
   * and the rules stay until it ends (strict.ts `holdsFast`; the worker lets go then).
   */
  async function markUnlinked(): Promise<void> {
    disconnect();
    const state = await readState(chrome);
    if (state.pairing && holdsFast(state, deps.clock.now())) {
      await writeState(chrome, { pairing: { ...state.pairing, revoked: true }, connection: "closed" });
    } else {
      await writeState(chrome, { pairing: null, timer: null, blocklist: null, connection: "closed" });
    }
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

  async function settle(result: ApiResult<unknown>): Promise<boolean> {
    if (result.kind === "unlinked") await markUnlinked();
    else if (result.kind === "paused") await markPaused();
    return result.kind === "ok";
  }

  return { markUnlinked, markPaused, settle };
}

/**
 * The events of one live link: its messages, its state stored while the pairing is on, and a
 * close acted on (unlinked, paused, or refused before it opened: the REST API says why), as long
 * as it is still the current link (`isCurrent`).
 */
function liveEvents(deps: PairingDeps, loss: LinkLoss, isCurrent: () => boolean): LiveLinkEvents {
  const { chrome, api, serial } = deps;
  return {
    onMessage: deps.onLiveMessage,
    onConnection: (connection) => {
      if (!isCurrent()) return;
      if (connection === "open") deps.onOpen?.();
      void serial(async () => {
        const { pairing: current } = await readState(chrome);
        if (current && !current.paused) await writeState(chrome, { connection });
      });
    },
    onClose: (code, opened) => {
      if (!isCurrent()) return;
      if (code === LIVE_CLOSE.unlinked) void serial(loss.markUnlinked);
      else if (code === LIVE_CLOSE.paused) void serial(loss.markPaused);
      else if (!opened) {
        // Refused before it opened: the REST API says whether the token is still good.
        void serial(async () => {
          const { pairing: current } = await readState(chrome);
          if (current && !current.paused && isCurrent()) await loss.settle(await api.checkLink(current));
        });
      }
    },
  };
}

/** The device's status as the app at `origin` sees it. */
async function deviceStatus(chrome: ChromeAdapter, origin: string): Promise<ExtensionStatus> {
  const state = await readState(chrome);
  return { version: chrome.runtime.version, link: linkStatusOf(state), pairedHere: state.pairing?.apiOrigin === origin };
}

export function createPairing(deps: PairingDeps): PairingPart {
  const { chrome, api } = deps;
  let live: LiveLink | null = null;

  function disconnect(): void {
    live?.stop();
    live = null;
  }

  const loss = createLinkLoss(deps, disconnect);
  const { markUnlinked, settle } = loss;

  async function refreshBlocklist(pairing: Pairing): Promise<void> {
    if (pairing.revoked) return;
    const result = await api.shield(pairing);
    if (result.kind === "ok") {
      const { mode, passesPerDay, delayed, schedules, sessionTask, endWarning, sessionIntention, timeZone, passesTaken } = result.value;
      const entries = blockableEntries(result.value.entries).entries;
      await writeState(chrome, {
        blocklist: { entries, delayed, mode, passesPerDay, schedules, timeZone, sessionTask, endWarning, passesTaken, ...(sessionIntention ? { sessionIntention } : {}), fetchedAt: deps.clock.now() },
      });
    } else {
      await settle(result);
    }
  }

  function connect(pairing: Pairing): void {
    disconnect();
    const link = startLiveLink(liveUrl(pairing.apiOrigin, pairing.token), deps.createSocket, liveEvents(deps, loss, () => live === link));
    live = link;
  }

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

  const status = (origin: string): Promise<ExtensionStatus> => deviceStatus(chrome, origin);

  return {
    connect,
    disconnect,
    checkPaused,
    refreshBlocklist,
    settle,
    status,
    keepConnected: (pairing) => {
      if (pairing.revoked) return;
      if (!live) connect(pairing);
      else if (live.connection === "closed") live.retry();
    },
    send: (message) => live?.send(message) ?? false,
    pair: async (token, apiOrigin) => {
      const current = await readState(chrome);
      const pairing: Pairing = { token, apiOrigin, paused: false };
      const check = await api.checkLink(pairing);
      // While the Shield holds fast, only the same account's fresh token (its old one ended by a
      // password change or a sign-out everywhere) takes over; another account's waits.
      const held = current.pairing && current.pairing.token !== token && holdsFast(current, deps.clock.now());
      if (held && !(check.kind === "ok" && current.pairing?.userId !== undefined && check.value === current.pairing.userId)) {
        return { ...(await status(apiOrigin)), error: PAIRING_HELD_MESSAGE };
      }
      if (check.kind !== "ok") {
        const reason = check.kind === "error" ? `Could not reach ${apiOrigin}: ${check.message}` : `The device token was refused (${check.kind})`;
        return { ...(await status(apiOrigin)), error: reason };
      }
      pairing.userId = check.value;
      disconnect();
      // The same account taking over keeps blocking with what it has until the fresh answers come.
      await writeState(chrome, { pairing, ...(held ? {} : { timer: null, blocklist: null }), connection: "connecting" });
      await refreshBlocklist(pairing);
      connect(pairing);
      return status(apiOrigin);
    },
    unpair: async (origin) => {
      const { pairing } = await readState(chrome);
      if (pairing?.apiOrigin === origin) await markUnlinked();
    },
  };
}
