/**
 * The one module that touches `chrome.*`. Everything else takes a
 * `ChromeAdapter`, so the logic under it runs in unit tests against a fake (test/fakes.ts).
 * Each method is a thin promise-returning wrapper; listeners return an unsubscribe function.
 */
import { discImages } from "./discIcon";
import type { DiscSpec } from "./timer";
import type { DnrRule } from "./rules";

/** Who sent a runtime message: the extension's own page, or a web page (external). */
export interface MessageSender {
  /** The sender's extension id (our own for internal messages; absent for web pages). */
  id?: string;
  /** The sending page's URL. */
  url?: string;
  /** The sending page's origin (web pages, Chrome 80+). */
  origin?: string;
  /** The sending frame: 0 for the top-level frame of a tab, more for a frame inside a page; absent outside tabs (the popup). */
  frameId?: number;
  /** Chrome's id of the sending document, one per page load. */
  documentId?: string;
}

/**
 * A message listener: a promise for an answer, or undefined to ignore the message (no answer
 * is sent and the channel closes at once).
 */
export type MessageListener = (message: unknown, sender: MessageSender) => Promise<unknown> | undefined;

/** Once at `when` (epoch ms), or every `periodInMinutes`. */
export type AlarmSpec = { when: number } | { periodInMinutes: number };

export interface BadgeSpec {
  text: string;
  /** Background colour, CSS hex. */
  color: string;
  /** The toolbar button's tooltip. */
  title: string;
}

export interface TabInfo {
  id: number;
  url: string | undefined;
}

export interface ChromeAdapter {
  /** The extension's id and addresses. */
  runtime: {
    id: string;
    version: string;
    /** The manifest's `externally_connectable.matches`: the app origins this package pairs with (config.ts). */
    appMatches: readonly string[];
    /** `chrome-extension://<id>/<path>`. */
    getURL(path: string): string;
    onMessage(listener: MessageListener): () => void;
    onMessageExternal(listener: MessageListener): () => void;
    /** Sends a message to the extension's service worker; resolves with its answer. */
    sendMessage(message: unknown): Promise<unknown>;
    /** `chrome.runtime.setUninstallURL`: the page Chrome opens when the extension is removed. */
    setUninstallUrl(url: string): Promise<void>;
    /** `chrome.extension.isAllowedIncognitoAccess()`: whether the user lets it run in incognito windows. */
    incognitoAllowed(): Promise<boolean>;
  };
  /** `chrome.storage.local`: survives the service worker and the browser restarting. */
  storage: {
    get(keys: string[]): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(keys: string[]): Promise<void>;
    /** Called with the names of the keys that changed. */
    onChanged(listener: (keys: string[]) => void): () => void;
  };
  /**
   * `chrome.storage.session`: in memory, kept while the browser runs (across service-worker
   * restarts), emptied when it restarts; the extension's pages and worker only.
   */
  session: {
    get(keys: string[]): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(keys: string[]): Promise<void>;
  };
  alarms: {
    create(name: string, spec: AlarmSpec): Promise<void>;
    clear(name: string): Promise<void>;
    /** Whether an alarm of that name is set. */
    exists(name: string): Promise<boolean>;
    onAlarm(listener: (name: string) => void): () => void;
  };
  /** `chrome.declarativeNetRequest` dynamic rules (persist across restarts). */
  rules: {
    getDynamic(): Promise<DnrRule[]>;
    /** Removes `removeIds` and adds `add` in one atomic update; rejects (changing nothing) when Chrome refuses any rule. */
    update(removeIds: number[], add: DnrRule[]): Promise<void>;
    /** `chrome.declarativeNetRequest.isRegexSupported`, without case: whether Chrome takes `regex` as a rule's `regexFilter`. */
    isRegexSupported(regex: string): Promise<boolean>;
  };
  tabs: {
    query(): Promise<TabInfo[]>;
    navigate(tabId: number, url: string): Promise<void>;
    create(url: string): Promise<void>;
    /** A tab's address changed (a new page, or one the page set itself with `history.pushState`). */
    onUrlChanged(listener: (page: { tabId: number; frameId: number; url: string }) => void): () => void;
  };
  /** `chrome.webNavigation`: every page a frame commits, whoever answered it (the network, a service worker, the back/forward cache). */
  navigation: {
    onCommitted(listener: (page: { tabId: number; frameId: number; url: string }) => void): () => void;
  };
  badge: {
    set(spec: BadgeSpec): Promise<void>;
    getText(): Promise<string>;
  };
  /** The toolbar icon: the visual timer's disc, or the extension's own icon (null). */
  icon: {
    show(disc: DiscSpec | null): Promise<void>;
  };
}

/** Listener plumbing shared by onMessage and onMessageExternal. */
function messageListener(listener: MessageListener) {
  return (message: unknown, sender: chrome.runtime.MessageSender, sendResponse: (response?: unknown) => void): boolean => {
    const answer = listener(message, {
      id: sender.id,
      url: sender.url,
      origin: sender.origin,
      frameId: sender.frameId,
      documentId: sender.documentId,
    });
    if (!answer) return false;
    answer.then(sendResponse, (error: unknown) => {
      console.warn("message handler failed", error);
      sendResponse(undefined);
    });
    // Keeps the channel open for the asynchronous answer.
    return true;
  };
}

/** The adapter over the real `chrome` global. */
export function createChromeAdapter(): ChromeAdapter {
  return {
    runtime: runtimeAdapter(),
    storage: storageAdapter(),
    session: sessionAdapter(),
    alarms: alarmsAdapter(),
    rules: rulesAdapter(),
    tabs: tabsAdapter(),
    navigation: navigationAdapter(),
    badge: badgeAdapter(),
    icon: iconAdapter(),
  };
}

/** The extension's id, addresses and messages (`chrome.runtime`). */
function runtimeAdapter(): ChromeAdapter["runtime"] {
  return {
  id: chrome.runtime.id,
  version: chrome.runtime.getManifest().version,
  appMatches: chrome.runtime.getManifest().externally_connectable?.matches ?? [],
  getURL: (path) => chrome.runtime.getURL(path),
  onMessage(listener) {
    const wrapped = messageListener(listener);
    chrome.runtime.onMessage.addListener(wrapped);
    return () => chrome.runtime.onMessage.removeListener(wrapped);
  },
  onMessageExternal(listener) {
    const wrapped = messageListener(listener);
    chrome.runtime.onMessageExternal.addListener(wrapped);
    return () => chrome.runtime.onMessageExternal.removeListener(wrapped);
  },
  sendMessage: (message) => chrome.runtime.sendMessage(message),
  setUninstallUrl: async (url) => {
    await chrome.runtime.setUninstallURL(url);
  },
  incognitoAllowed: () => chrome.extension.isAllowedIncognitoAccess(),
  };
}

/** `chrome.storage.local`, and its changes in the "local" area. */
function storageAdapter(): ChromeAdapter["storage"] {
  return {
  get: (keys) => chrome.storage.local.get(keys),
  set: (items) => chrome.storage.local.set(items),
  remove: (keys) => chrome.storage.local.remove(keys),
  onChanged(listener) {
    const wrapped = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === "local") listener(Object.keys(changes));
    };
    chrome.storage.onChanged.addListener(wrapped);
    return () => chrome.storage.onChanged.removeListener(wrapped);
  },
  };
}

/** `chrome.storage.session`. */
function sessionAdapter(): ChromeAdapter["session"] {
  return {
  get: (keys) => chrome.storage.session.get(keys),
  set: (items) => chrome.storage.session.set(items),
  remove: (keys) => chrome.storage.session.remove(keys),
  };
}

/** `chrome.alarms`, by name. */
function alarmsAdapter(): ChromeAdapter["alarms"] {
  return {
  create: (name, spec) => chrome.alarms.create(name, spec),
  clear: async (name) => {
    await chrome.alarms.clear(name);
  },
  exists: async (name) => (await chrome.alarms.get(name)) !== undefined,
  onAlarm(listener) {
    const wrapped = (alarm: chrome.alarms.Alarm) => listener(alarm.name);
    chrome.alarms.onAlarm.addListener(wrapped);
    return () => chrome.alarms.onAlarm.removeListener(wrapped);
  },
  };
}

/** `chrome.declarativeNetRequest` dynamic rules. */
function rulesAdapter(): ChromeAdapter["rules"] {
  return {
  getDynamic: async () => (await chrome.declarativeNetRequest.getDynamicRules()) as unknown as DnrRule[],
  update: (removeIds, add) =>
    chrome.declarativeNetRequest.updateDynamicRules({
      removeRuleIds: removeIds,
      addRules: add as unknown as chrome.declarativeNetRequest.Rule[],
    }),
  isRegexSupported: async (regex) => (await chrome.declarativeNetRequest.isRegexSupported({ regex, isCaseSensitive: false })).isSupported,
  };
}

/** `chrome.tabs`: every tab with an id, navigating and opening tabs, address changes. */
function tabsAdapter(): ChromeAdapter["tabs"] {
  return {
  query: async () => (await chrome.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [{ id: tab.id, url: tab.url }])),
  navigate: async (tabId, url) => {
    await chrome.tabs.update(tabId, { url });
  },
  create: async (url) => {
    await chrome.tabs.create({ url });
  },
  onUrlChanged(listener) {
    const wrapped = (tabId: number, change: { url?: string }) => {
      if (change.url) listener({ tabId, frameId: 0, url: change.url });
    };
    chrome.tabs.onUpdated.addListener(wrapped);
    return () => chrome.tabs.onUpdated.removeListener(wrapped);
  },
  };
}

/** `chrome.webNavigation`: the pages frames commit. */
function navigationAdapter(): ChromeAdapter["navigation"] {
  return {
  onCommitted(listener) {
    const wrapped = (details: { tabId: number; frameId: number; url: string }) => listener({ tabId: details.tabId, frameId: details.frameId, url: details.url });
    chrome.webNavigation.onCommitted.addListener(wrapped);
    return () => chrome.webNavigation.onCommitted.removeListener(wrapped);
  },
  };
}

/** The toolbar button's badge and tooltip (`chrome.action`). */
function badgeAdapter(): ChromeAdapter["badge"] {
  return {
  set: async ({ text, color, title }) => {
    await Promise.all([
      chrome.action.setBadgeText({ text }),
      chrome.action.setBadgeBackgroundColor({ color }),
      chrome.action.setBadgeTextColor({ color: "#ffffff" }),
      chrome.action.setTitle({ title }),
    ]);
  },
  getText: () => chrome.action.getBadgeText({}),
  };
}

/** The toolbar icon (`chrome.action.setIcon`), drawn only when it changes. */
function iconAdapter(): ChromeAdapter["icon"] {
  return {
  show: async (disc) => {
    const key = disc === null ? "app" : `${disc.mode}:${disc.share}:${disc.warning}`;
    if (key === shownIcon) return;
    try {
      if (disc === null) await chrome.action.setIcon({ path: manifestIcons() });
      else await chrome.action.setIcon({ imageData: discImages(disc) });
      shownIcon = key;
    } catch (error) {
      // A picture that cannot be drawn never stands in the way of blocking and its alarms.
      console.warn("Focus Flow: the toolbar icon could not be drawn", error);
    }
  },
  };
}

/**
 * The icon this worker last set, so a wake-up that changes nothing draws nothing ("app": the
 * extension's own). Unknown ("") when the worker starts: Chrome keeps a set icon across worker
 * restarts, so the first wake-up always sets it.
 */
let shownIcon = "";

/** The extension's own icons, as the manifest names them. */
function manifestIcons(): Record<string, string> {
  return (chrome.runtime.getManifest().icons ?? {}) as Record<string, string>;
}
