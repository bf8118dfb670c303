/**
 * In-memory stand-ins for Chrome, the API and the websocket, for the unit tests: the worker
 * runs against these exactly as it runs against the real ones in the service worker.
 */
import type { LiveMessage } from "@focus/core/protocol";
import type { FetchLike } from "../api";
import type { AlarmSpec, BadgeSpec, ChromeAdapter, MessageListener, MessageSender, TabInfo } from "../chromeAdapter";
import type { LiveSocket } from "../live";
import type { DiscSpec } from "../timer";
import type { DnrRule } from "../rules";

export const EXTENSION_ID_FOR_TESTS = "abcdefghijklmnopabcdefghijklmnop";

/**
 * A fake Chrome whose state the tests read directly. Storage and rules outlive a "worker
 * restart"; session storage is emptied by `restartBrowser()`.
 */
export class FakeChrome implements ChromeAdapter {
  readonly stored = new Map<string, unknown>();
  readonly sessionStored = new Map<string, unknown>();
  readonly alarmsSet = new Map<string, AlarmSpec>();
  dynamicRules: DnrRule[] = [];
  openTabs: TabInfo[] = [];
  badgeSpec: BadgeSpec = { text: "", color: "", title: "" };
  readonly storageListeners = new Set<(keys: string[]) => void>();
  readonly internal = new Set<MessageListener>();
  /** What `setUninstallURL` was last given, and whether incognito is allowed (the user's switch). */
  uninstallUrl: string | null = null;
  incognito = false;
  readonly external = new Set<MessageListener>();

  runtime: ChromeAdapter["runtime"] = {
    id: EXTENSION_ID_FOR_TESTS,
    version: "1.4.0",
    appMatches: ["http://localhost:3000/*", "http://127.0.0.1:3000/*"],
    getURL: (path) => `chrome-extension://${EXTENSION_ID_FOR_TESTS}/${path}`,
    onMessage: (listener) => this.subscribe(this.internal, listener),
    onMessageExternal: (listener) => this.subscribe(this.external, listener),
    sendMessage: async (message) => {
      for (const listener of this.internal) {
        const answer = listener(message, { id: EXTENSION_ID_FOR_TESTS, url: this.runtime.getURL("popup.html") });
        if (answer) return answer;
      }
      return undefined;
    },
    setUninstallUrl: async (url) => {
      this.uninstallUrl = url;
    },
    incognitoAllowed: async () => this.incognito,
  };

  storage: ChromeAdapter["storage"] = {
    get: async (keys) => Object.fromEntries(keys.filter((k) => this.stored.has(k)).map((k) => [k, structuredClone(this.stored.get(k))])),
    set: async (items) => {
      for (const [key, value] of Object.entries(items)) this.stored.set(key, structuredClone(value));
      this.changed(Object.keys(items));
    },
    remove: async (keys) => {
      for (const key of keys) this.stored.delete(key);
      this.changed(keys);
    },
    onChanged: (listener) => this.subscribe(this.storageListeners, listener),
  };

  session: ChromeAdapter["session"] = {
    get: async (keys) =>
      Object.fromEntries(keys.filter((k) => this.sessionStored.has(k)).map((k) => [k, structuredClone(this.sessionStored.get(k))])),
    set: async (items) => {
      for (const [key, value] of Object.entries(items)) this.sessionStored.set(key, structuredClone(value));
    },
    remove: async (keys) => {
      for (const key of keys) this.sessionStored.delete(key);
    },
  };

  alarms: ChromeAdapter["alarms"] = {
    create: async (name, spec) => void this.alarmsSet.set(name, spec),
    clear: async (name) => void this.alarmsSet.delete(name),
    exists: async (name) => this.alarmsSet.has(name),
    onAlarm: () => () => undefined,
  };

  /**
   * Longest `regexFilter` this fake Chrome takes, in characters: Chrome refuses an expression that
   * needs more than 2 KB compiled, and refuses the whole update with it.
   */
  regexLimit = 160;

  rules: ChromeAdapter["rules"] = {
    getDynamic: async () => structuredClone(this.dynamicRules),
    update: async (removeIds, add) => {
      if (add.some((rule) => (rule.condition.regexFilter?.length ?? 0) > this.regexLimit)) throw new Error("Rule with id 1 specified a more complex regex than allowed as part of the \"regexFilter\" key.");
      const next = [...this.dynamicRules.filter((rule) => !removeIds.includes(rule.id)), ...structuredClone(add)];
      const ids = next.map((rule) => rule.id);
      if (new Set(ids).size !== ids.length) throw new Error("duplicate rule id");
      this.dynamicRules = next;
    },
    isRegexSupported: async (regex) => regex.length <= this.regexLimit,
  };

  tabs: ChromeAdapter["tabs"] = {
    query: async () => structuredClone(this.openTabs),
    navigate: async (tabId, url) => {
      this.openTabs = this.openTabs.map((tab) => (tab.id === tabId ? { ...tab, url } : tab));
    },
    create: async (url) => {
      this.openTabs.push({ id: this.openTabs.length + 100, url });
    },
    onUrlChanged: () => () => undefined,
  };

  navigation: ChromeAdapter["navigation"] = {
    onCommitted: () => () => undefined,
  };

  /** The toolbar icon's disc as last shown (null: the extension's own icon). */
  iconDisc: DiscSpec | null = null;

  icon: ChromeAdapter["icon"] = {
    show: async (disc) => {
      this.iconDisc = disc;
    },
  };

  badge: ChromeAdapter["badge"] = {
    set: async (spec) => {
      this.badgeSpec = spec;
    },
    getText: async () => this.badgeSpec.text,
  };

  /** The domains the installed rules redirect. */
  blockedDomains(): string[] {
    return this.dynamicRules.flatMap((rule) => (rule.action.type === "redirect" ? (rule.condition.requestDomains ?? []) : []));
  }

  /**
   * What a main-frame navigation to `url` would do, as Chrome's declarativeNetRequest decides it:
   * the rules whose condition matches (`requestDomains` and `excludedRequestDomains` by domain
   * and subdomain, `regexFilter` and `urlFilter` over the whole URL without case), the highest priority wins,
   * and `allow` beats `redirect` at the same priority. The redirect target, or null when it goes through.
   */
  navigate(url: string): string | null {
    const host = new URL(url).hostname;
    const within = (domains: string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));
    const matching = this.dynamicRules.filter(({ condition }) => {
      if (condition.requestDomains && !within(condition.requestDomains)) return false;
      if (condition.excludedRequestDomains && within(condition.excludedRequestDomains)) return false;
      if (condition.regexFilter !== undefined && !new RegExp(condition.regexFilter, "i").test(url)) return false;
      if (condition.urlFilter !== undefined && !urlFilterMatches(condition.urlFilter, url)) return false;
      return true;
    });
    const rank = (rule: DnrRule) => rule.priority * 2 + (rule.action.type === "allow" ? 1 : 0);
    const winner = matching.sort((a, b) => rank(b) - rank(a))[0];
    if (!winner || winner.action.type === "allow") return null;
    const { redirect } = winner.action;
    if ("extensionPath" in redirect) return `chrome-extension://${EXTENSION_ID_FOR_TESTS}${redirect.extensionPath}`;
    // The first match of the filter is replaced by the substitution, its \0…\9 filled in.
    const pattern = new RegExp(winner.condition.regexFilter ?? "^$", "i");
    return url.replace(pattern, (...groups: unknown[]) => redirect.regexSubstitution.replace(/\\(\d)/g, (_m, n: string) => String(groups[Number(n)] ?? "")));
  }

  /** The browser restarts: session storage is gone; storage and dynamic rules stay. */
  restartBrowser(): void {
    this.sessionStored.clear();
  }

  private subscribe<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  private changed(keys: string[]): void {
    for (const listener of this.storageListeners) listener(keys);
  }
}

/** A websocket the test drives: `open()`, `receive()`, `close(code)`; `sent` holds what the client wrote. */
export class FakeSocket implements LiveSocket {
  readyState = 0;
  readonly sent: LiveMessage[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly listeners: { type: "open" | "close"; listener: (event: { code?: number }) => void }[] = [];

  constructor(readonly url: string) {}

  addEventListener(type: "open" | "close", listener: (event: { code?: number }) => void): void {
    this.listeners.push({ type, listener });
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as LiveMessage);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit("close", { code });
    this.onclose?.({ code });
  }

  open(): void {
    this.readyState = 1;
    this.emit("open", {});
    this.onopen?.({});
  }

  receive(message: LiveMessage | string): void {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }

  private emit(type: "open" | "close", event: { code?: number }): void {
    for (const entry of this.listeners) if (entry.type === type) entry.listener(event);
  }
}

/** Every socket a worker opened, newest last. */
export class SocketFactory {
  readonly sockets: FakeSocket[] = [];
  readonly create = (url: string): FakeSocket => {
    const socket = new FakeSocket(url);
    this.sockets.push(socket);
    return socket;
  };
  get last(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error("no socket opened");
    return socket;
  }
}

export interface FakeApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fake API server for `fetch`: one user with a blocklist, and a device that may be active,
 * paused (403) or revoked (401). Records every call.
 */
export class FakeApi {
  blocklist: { id: number; url: string; active: boolean; delay?: boolean }[] = [];
  shieldMode: "blocklist" | "allowlist" = "blocklist";
  schedules: { id: number; days: number[]; start: string; end: string }[] = [];
  /** The account's time zone the Shield's answer names (null: an older server that names none). */
  timeZone: string | null = null;
  sessionTask: string | null = null;
  sessionIntention: string | null = null;
  endWarning: "off" | "5" | "1" | "both" = "off";
  delayPassesPerDay = 3;
  /** The account's passes of its day, taken in any browser (null: an older server that names none). */
  passesTaken: { day: string; count: number } | null = null;
  device: "active" | "paused" | "revoked" = "active";
  token = "T".repeat(43);
  /** The account the tokens belong to (`GET /api/me`'s `user.id`). */
  userId = 1;
  /** Other accounts' working tokens: only `GET /api/me` answers them, with the account's id. */
  readonly otherAccounts = new Map<string, number>();
  offline = false;
  /** How `POST /api/blocked-attempts` answers: 201 stored, 202 counted past the day's limit, or a failure. */
  attemptStatus = 201;
  readonly calls: FakeApiCall[] = [];

  readonly fetch: FetchLike = async (url, init) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    this.calls.push({ method: init.method ?? "GET", url, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (this.offline) throw new TypeError("Failed to fetch");
    const respond = (status: number, body: unknown = {}) => ({ ok: status < 300, status, json: async () => body });
    const other = this.otherAccounts.get(headers.Authorization?.replace(/^Bearer /, "") ?? "");
    if (other !== undefined && new URL(url).pathname === "/api/me") return respond(200, { user: { id: other } });
    if (headers.Authorization !== `Bearer ${this.token}` || this.device === "revoked") return respond(401, { message: "This device is not linked" });
    if (this.device === "paused") return respond(403, { message: "This device is paused" });
    const path = new URL(url).pathname;
    if (path === "/api/me") return respond(200, { user: { id: this.userId } });
    if (path === "/api/blocked-sites") return respond(200, this.blocklist);
    if (path === "/api/shield") return respond(200, { mode: this.shieldMode, delayPassesPerDay: this.delayPassesPerDay, sites: this.blocklist, schedules: this.schedules, sessionTask: this.sessionTask, endWarning: this.endWarning, sessionIntention: this.sessionIntention, timeZone: this.timeZone, passesTaken: this.passesTaken });
    if (path === "/api/blocked-attempts") {
      if (this.attemptStatus >= 400) return respond(this.attemptStatus, { message: `Refused with ${this.attemptStatus}` });
      return respond(this.attemptStatus, this.attemptStatus === 202 ? { stored: false, notStored: 1 } : { id: 1 });
    }
    return respond(404, { message: "Not found" });
  };

  callsTo(path: string): FakeApiCall[] {
    return this.calls.filter((call) => new URL(call.url).pathname === path);
  }
}

let documents = 0;

/**
 * What Chrome says of a page of the extension at `url` sending a message: a tab's top-level
 * page (frameId 0) unless `frameId` says it is framed, with a new document id per call unless given.
 */
export function pageSender(url: string, options: { frameId?: number; documentId?: string } = {}): MessageSender {
  return { id: EXTENSION_ID_FOR_TESTS, url, frameId: options.frameId ?? 0, documentId: options.documentId ?? `DOC${++documents}` };
}

/** Lets queued promise chains run (the worker's steps and the fakes are all promise-based). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Whether a declarativeNetRequest `urlFilter` matches `url`, as Chrome reads one: `||` anchors at
 * the host or a subdomain, `^` is a separator (anything but a letter, a digit, `_ - . %`) or the
 * end, `*` anything, `|` at either end anchors it there; other characters stand for themselves,
 * without case.
 */
export function urlFilterMatches(filter: string, url: string): boolean {
  let body = filter;
  let prefix = "";
  if (body.startsWith("||")) {
    prefix = "^[a-z][a-z0-9+.-]*://([^/?#]*@)?([^/?#]*\\.)?";
    body = body.slice(2);
  } else if (body.startsWith("|")) {
    prefix = "^";
    body = body.slice(1);
  }
  const anchoredEnd = body.endsWith("|");
  if (anchoredEnd) body = body.slice(0, -1);
  const pattern = [...body]
    .map((char) => (char === "^" ? "([^a-z0-9_.%-]|$)" : char === "*" ? ".*" : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`${prefix}${pattern}${anchoredEnd ? "$" : ""}`, "i").test(url);
}
