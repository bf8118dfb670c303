import type { SharedTimerState } from "@focus/core/protocol";
import { localDayKey } from "@focus/core/format";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "./api";
import type { MessageSender } from "./chromeAdapter";
import { createListeners } from "./messages";
import { REDIRECT_KEY_STORAGE } from "./redirectKey";
import { readBlockedPageQuery, redirectKeyOf } from "./rules";
import { readState } from "./storage";
import { EXTENSION_ID_FOR_TESTS, FakeApi, FakeChrome, pageSender, settle, SocketFactory } from "./test/fakes";
import { ALARMS, createWorker, type Worker } from "./worker";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const MIN = 60_000;
const ORIGIN = "http://127.0.0.1:3000";

const focus = (endsAt: number): SharedTimerState => ({
  isActive: true,
  currentTime: Math.round((endsAt - T0) / 1000),
  mode: "focus",
  progress: 0,
  endsAt,
  durationMs: 25 * MIN,
});
const pausedFocus: SharedTimerState = { isActive: false, currentTime: 1200, mode: "focus", progress: 20, endsAt: null, durationMs: 25 * MIN };
const shortBreak = (endsAt: number): SharedTimerState => ({ ...focus(endsAt), mode: "shortBreak", durationMs: 5 * MIN });
const resetFocus: SharedTimerState = { isActive: false, currentTime: 1500, mode: "focus", progress: 0, endsAt: null, durationMs: 25 * MIN };

/** One browser: Chrome's storage and rules survive `restart()`, which makes a new worker. */
function browser() {
  const chrome = new FakeChrome();
  const api = new FakeApi();
  api.blocklist = [
    { id: 1, url: "youtube.com", active: true },
    { id: 2, url: "blocked-test.example", active: true },
    { id: 3, url: "inactive.example", active: false },
  ];
  chrome.openTabs = [
    { id: 1, url: "https://www.youtube.com/watch?v=1" },
    { id: 2, url: "https://docs.example.org/" },
  ];
  const sockets = new SocketFactory();
  const clock = { now: T0 };
  const workers: Worker[] = [];
  const restart = async () => {
    workers.at(-1)?.dispose();
    const worker = createWorker({
      chrome,
      api: createApiClient(api.fetch),
      createSocket: sockets.create,
      now: () => clock.now,
      defaultAppUrl: "http://localhost:3000",
    });
    workers.push(worker);
    await worker.start();
    return worker;
  };
  return { chrome, api, sockets, clock, workers, restart };
}

let current: ReturnType<typeof browser> | null = null;
afterEach(() => {
  for (const worker of current?.workers ?? []) worker.dispose();
  current = null;
});

/** A paired worker with an open live connection. */
async function paired() {
  const b = browser();
  current = b;
  const worker = await b.restart();
  const status = await worker.pair(b.api.token, ORIGIN);
  b.sockets.last.open();
  await settle();
  return { ...b, worker, status };
}

describe("pairing", () => {
  it("checks the token, keeps it, fetches the blocklist itself and opens the live connection with it", async () => {
    const { chrome, api, sockets, status } = await paired();
    expect(status).toEqual({ version: "1.4.0", link: "connecting", pairedHere: true });
    expect(api.callsTo("/api/me")[0]?.headers.Authorization).toBe(`Bearer ${api.token}`);
    expect(api.callsTo("/api/shield")).toHaveLength(1);
    expect(sockets.last.url).toBe(`ws://127.0.0.1:3000/ws/timer?token=${api.token}`);
    const state = await readState(chrome);
    expect(state.pairing).toEqual({ token: api.token, apiOrigin: ORIGIN, paused: false, userId: 1 });
    expect(state.blocklist?.entries).toEqual(["youtube.com", "blocked-test.example"]);
    expect(state.connection).toBe("open");
    expect(chrome.alarmsSet.get(ALARMS.heartbeat)).toEqual({ periodInMinutes: 1 });
    expect(chrome.dynamicRules).toEqual([]);
  });

  it("keeps nothing when the API refuses the token", async () => {
    const b = browser();
    current = b;
    const worker = await b.restart();
    const status = await worker.pair("W".repeat(43), ORIGIN);
    expect(status.link).toBe("unlinked");
    expect(status.error).toContain("refused");
    expect((await readState(b.chrome)).pairing).toBeNull();
    expect(b.sockets.sockets).toHaveLength(0);
  });
});

describe("blocking follows the web app's timer", () => {
  it("installs the rules when focus starts and sends open tabs of blocked sites to the blocked page", async () => {
    const { chrome, sockets, api } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(chrome.blockedDomains()).toEqual(["youtube.com", "blocked-test.example"]);
    expect(chrome.navigate("http://blocked-test.example:8080/")).toContain("blocked/blocked.html?domain=blocked-test.example");
    expect(chrome.navigate("http://sub.blocked-test.example/")).toContain(`endsAt=${T0 + 25 * MIN}`);
    expect(chrome.navigate("https://docs.example.org/")).toBeNull();
    expect(chrome.openTabs[0]?.url).toBe(
      `chrome-extension://abcdefghijklmnopabcdefghijklmnop/blocked/blocked.html?domain=youtube.com&endsAt=${T0 + 25 * MIN}&reason=open-tab`,
    );
    expect(chrome.openTabs[1]?.url).toBe("https://docs.example.org/");
    // The blocklist is fetched again at the start of every focus session.
    expect(api.callsTo("/api/shield")).toHaveLength(2);
    expect(chrome.badgeSpec.text).toBe("25");
    expect(chrome.alarmsSet.get(ALARMS.sessionEnd)).toEqual({ when: T0 + 25 * MIN });
    expect(chrome.alarmsSet.get(ALARMS.badge)).toEqual({ when: T0 + MIN });
  });

  it("blocks a listed path and below while an exception of the same site opens", async () => {
    const b = browser();
    current = b;
    b.api.blocklist = [
      { id: 1, url: "youtube.com/shorts", active: true },
      { id: 2, url: "+youtube.com/watch", active: true },
      { id: 3, url: "reddit.com", active: true },
      { id: 4, url: "+reddit.com/r/adhd", active: true },
    ];
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(b.chrome.navigate("https://www.youtube.com/shorts/x")).toContain("blocked/blocked.html?domain=youtube.com");
    expect(b.chrome.navigate("https://www.youtube.com/watch?v=x")).toBeNull();
    expect(b.chrome.navigate("https://www.youtube.com/")).toBeNull();
    expect(b.chrome.navigate("https://old.reddit.com/r/all")).toContain("domain=reddit.com");
    expect(b.chrome.navigate("https://old.reddit.com/r/adhd/top")).toBeNull();
    // The tab open on a watch page is an exception: it stays where it is.
    expect(b.chrome.openTabs[0]?.url).toBe("https://www.youtube.com/watch?v=1");
  });

  it.each([
    ["a pause", pausedFocus],
    ["a reset", resetFocus],
    ["a break", shortBreak(T0 + 10 * MIN)],
  ])("removes the rules on %s", async (_name, next) => {
    const { chrome, sockets } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(chrome.dynamicRules).toHaveLength(2);
    sockets.last.receive({ type: "timer_update", timerState: next, source: "web" });
    await settle();
    expect(chrome.dynamicRules).toEqual([]);
    expect(chrome.navigate("https://youtube.com/")).toBeNull();
  });

  it("removes the rules at the session end through the alarm alone, with no message", async () => {
    const { chrome, sockets, clock, worker } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    clock.now = T0 + 25 * MIN;
    await worker.onAlarm(ALARMS.sessionEnd);
    expect(chrome.dynamicRules).toEqual([]);
    expect(chrome.badgeSpec.text).toBe("");
    expect(chrome.alarmsSet.has(ALARMS.sessionEnd)).toBe(false);
  });

  it("reads the server's time on its clock: a browser 2 minutes fast blocks to the session's real end, with alarms on its own clock", async () => {
    const { chrome, sockets, clock } = await paired();
    const fast = 2 * MIN;
    clock.now = T0 + fast;
    // A pong: sent at this browser's clock, answered at the server's (a 40 ms round trip).
    sockets.last.receive({ type: "pong", sentAt: T0 + fast, serverNow: T0 + 20 });
    clock.now = T0 + fast + 40;
    await settle();
    expect((await readState(chrome)).clockOffset).toBe(-fast);
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "server" });
    await settle();
    expect(chrome.blockedDomains()).toEqual(["youtube.com", "blocked-test.example"]);
    expect(chrome.badgeSpec.text).toBe("25");
    expect(chrome.alarmsSet.get(ALARMS.sessionEnd)).toEqual({ when: T0 + 25 * MIN + fast });
  });

  it("updates the badge each minute from the alarm", async () => {
    const { chrome, sockets, clock, worker } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    clock.now = T0 + MIN;
    await worker.onAlarm(ALARMS.badge);
    expect(chrome.badgeSpec.text).toBe("24");
    expect(chrome.alarmsSet.get(ALARMS.badge)).toEqual({ when: T0 + 2 * MIN });
  });

  it("survives the service worker being stopped: rules, badge and the kept timer hold, and it reconnects", async () => {
    const b = await paired();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    const before = structuredClone(b.chrome.dynamicRules);
    b.clock.now = T0 + 10 * MIN + 5000;
    await b.restart();
    expect(b.chrome.dynamicRules).toEqual(before);
    expect(b.chrome.badgeSpec.text).toBe("15");
    expect(b.sockets.sockets).toHaveLength(2);
    expect((await readState(b.chrome)).connection).toBe("connecting");
    // A worker woken after the session ended clears what is left over.
    b.clock.now = T0 + 40 * MIN;
    await b.restart();
    expect(b.chrome.dynamicRules).toEqual([]);
  });

  it("ignores another extension's echo and answers sync_request with the timer it keeps", async () => {
    const { chrome, sockets, clock } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "extension" });
    await settle();
    expect(chrome.dynamicRules).toEqual([]);
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    clock.now = T0 + 5 * MIN;
    sockets.last.receive({ type: "command", action: "sync_request" });
    await settle();
    expect(sockets.last.sent.at(-1)).toEqual({
      type: "timer_update",
      timerState: { ...focus(T0 + 25 * MIN), currentTime: 1200, progress: 20 },
    });
  });
});

describe("unlinking and pausing in the web app", () => {
  it("forgets the token and removes every rule when the socket closes with 4401", async () => {
    const { chrome, sockets, worker } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    sockets.last.close(4401);
    await settle();
    const state = await readState(chrome);
    expect(state.pairing).toBeNull();
    expect(state.timer).toBeNull();
    expect(chrome.dynamicRules).toEqual([]);
    expect(chrome.badgeSpec).toMatchObject({ text: "off", title: "Focus Flow: Not linked" });
    expect((await worker.popupState()).link).toBe("unlinked");
    expect(chrome.alarmsSet.size).toBe(0);
  });

  it("does the same on a 401 from the API", async () => {
    const { chrome, api, sockets, worker } = await paired();
    api.device = "revoked";
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect((await readState(chrome)).pairing).toBeNull();
    expect(chrome.dynamicRules).toEqual([]);
    expect(await worker.reportAttempt({ domain: "youtube.com", at: new Date(T0).toISOString(), key: "0".repeat(32), documentId: "D" })).toEqual({
      reported: false,
    });
  });

  it("asks the API why when the socket is refused before it opens (the upgrade answered 401)", async () => {
    const { chrome, api, sockets } = await paired();
    api.device = "revoked";
    sockets.last.close(1006);
    await settle();
    // The chart reconnects after a delay; the refused socket was the one that just closed.
    expect((await readState(chrome)).pairing).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    sockets.last.close(1006);
    await settle();
    expect(api.callsTo("/api/me").length).toBeGreaterThanOrEqual(2);
    expect((await readState(chrome)).pairing).toBeNull();
    expect(chrome.badgeSpec.text).toBe("off");
  });

  it("pauses on 4403: no rules, says paused, and resumes once the device is switched on again", async () => {
    const b = await paired();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    b.api.device = "paused";
    b.sockets.last.close(4403);
    await settle();
    expect(b.chrome.dynamicRules).toEqual([]);
    expect((await b.worker.popupState()).link).toBe("paused");
    expect(b.chrome.badgeSpec).toMatchObject({ text: "off", title: "Focus Flow: Paused" });
    const socketsBefore = b.sockets.sockets.length;
    await b.worker.onAlarm(ALARMS.heartbeat);
    expect(b.sockets.sockets).toHaveLength(socketsBefore);

    b.api.device = "active";
    await b.worker.onAlarm(ALARMS.heartbeat);
    expect(b.sockets.sockets).toHaveLength(socketsBefore + 1);
    b.sockets.last.open();
    await settle();
    expect((await b.worker.popupState()).link).toBe("linked");
  });
});

describe("popup and blocked page", () => {
  it("lets the opened popup notice that a paused device was switched on again", async () => {
    const b = await paired();
    b.api.device = "paused";
    b.sockets.last.close(4403);
    await settle();
    b.api.device = "active";
    const before = b.sockets.sockets.length;
    expect((await b.worker.popupState()).link).toBe("connecting");
    expect(b.sockets.sockets).toHaveLength(before + 1);
  });

  it("sends the popup's commands over the live connection", async () => {
    const { worker, sockets } = await paired();
    expect(await worker.command("start")).toEqual({ sent: true });
    expect(sockets.last.sent.at(-1)).toEqual({ type: "command", action: "start" });
    sockets.last.close(1006);
    await settle();
    expect(await worker.command("pause")).toEqual({ sent: false });
  });

  it("reports an attempt to open a blocked site with the device token", async () => {
    const { api, report, chrome } = await focusing();
    const at = new Date(T0 + 3 * MIN).toISOString();
    expect(await report(redirected(chrome, "https://youtube.com/"), { at })).toEqual({ reported: true });
    const [call] = api.callsTo("/api/blocked-attempts");
    expect(call).toMatchObject({ method: "POST", headers: { Authorization: `Bearer ${api.token}` }, body: { domain: "youtube.com", at } });
  });

  it("tells the blocked page the task the focus session is for, fetched with the Shield at the session's start", async () => {
    const b = browser();
    current = b;
    b.api.sessionTask = "Write the report";
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    expect((await worker.popupState()).shield.task).toBeNull();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect((await worker.popupState()).shield.task).toBe("Write the report");
  });

  it("tells the blocked page the focus session's intention, fetched with the Shield, and none between sessions", async () => {
    const b = browser();
    current = b;
    b.api.sessionIntention = "Outline the talk";
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    expect((await worker.popupState()).shield.intention).toBeNull();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect((await worker.popupState()).shield.intention).toBe("Outline the talk");
  });

  it("tells the popup where the web app is", async () => {
    const b = browser();
    current = b;
    const worker = await b.restart();
    expect(await worker.popupState()).toEqual({
      link: "unlinked",
      timer: null,
      appUrl: "http://localhost:3000",
      version: "1.4.0",
      clockOffset: 0,
      shield: { passesLeft: 0, passesPerDay: 0, stoppedToday: 0, blockingUntil: null, blockedBy: null, task: null, intention: null, strict: false },
    });
  });
});

/** A paired worker in a running focus session, with the listener the blocked page's messages reach. */
async function focusing() {
  const b = await paired();
  b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
  await settle();
  const { internal } = createListeners(b.worker, EXTENSION_ID_FOR_TESTS, [ORIGIN]);
  /**
   * What the blocked page at `url` sends (its domain and key, as blocked.ts does), from the
   * sender Chrome would name: a tab's top-level page, a new page load unless `sender` says otherwise.
   */
  const report = (url: string, options: { at?: string; sender?: MessageSender } = {}) => {
    const query = readBlockedPageQuery(new URL(url).search);
    const message = { type: "blocked_attempt", domain: query.domain, at: options.at ?? new Date(b.clock.now).toISOString(), key: query.key ?? undefined };
    return internal(message, options.sender ?? pageSender(url));
  };
  return { ...b, report };
}

/** Where the installed rules send a navigation to `url` (the blocked page, with the rule set's key). */
function redirected(chrome: FakeChrome, url: string): string {
  const target = chrome.navigate(url);
  if (target === null) throw new Error(`${url} is not redirected`);
  return target;
}

/** `url` with its redirect key replaced by `key` (or dropped when null). */
function withKey(url: string, key: string | null): string {
  const parsed = new URL(url);
  if (key === null) parsed.searchParams.delete("key");
  else parsed.searchParams.set("key", key);
  return parsed.toString();
}

describe("blocked attempts come only from the extension's own redirect", () => {
  it("counts a page the rules redirected to, once per page load", async () => {
    const { api, report, chrome } = await focusing();
    const url = redirected(chrome, "https://www.youtube.com/watch?v=1");
    expect(readBlockedPageQuery(new URL(url).search).key).toMatch(/^[0-9a-f]{32}$/);
    const page = pageSender(url);
    expect(await report(url, { sender: page })).toEqual({ reported: true });
    // The same page load reporting again is not counted again; another load of the page is.
    expect(await report(url, { sender: page })).toEqual({ reported: false });
    expect(await report(url)).toEqual({ reported: true });
    expect(await report(redirected(chrome, "http://blocked-test.example/"))).toEqual({ reported: true });
    expect(api.callsTo("/api/blocked-attempts").map((call) => (call.body as { domain: string }).domain)).toEqual([
      "youtube.com",
      "youtube.com",
      "blocked-test.example",
    ]);
  });

  it("sends nothing for a blocked page opened without the key, with a wrong key, or framed by another page", async () => {
    const { api, report, chrome } = await focusing();
    const url = redirected(chrome, "https://youtube.com/");
    const guess = "0123456789abcdef0123456789abcdef";
    expect(await report(withKey(url, null))).toBeUndefined();
    expect(await report(withKey(url, guess))).toEqual({ reported: false });
    expect(await report(withKey(url, "not-a-key"))).toBeUndefined();
    expect(await report(url, { sender: pageSender(url, { frameId: 7 }) })).toBeUndefined();
    // The tab open when focus began was sent to the blocked page without a key: no attempt.
    expect(chrome.openTabs[0]?.url).not.toContain("key=");
    expect(await report(chrome.openTabs[0]?.url ?? "")).toBeUndefined();
    // A current key on a page for a site that is not blocked.
    const other = new URL(url);
    other.searchParams.set("domain", "reddit.com");
    expect(await report(other.toString())).toEqual({ reported: false });
    expect(api.callsTo("/api/blocked-attempts")).toHaveLength(0);
  });

  it("refuses a key once its rules are gone: after a pause, and after focus starts again with a new key", async () => {
    const { api, report, chrome, sockets } = await focusing();
    const first = redirected(chrome, "https://youtube.com/");
    sockets.last.receive({ type: "timer_update", timerState: pausedFocus, source: "web" });
    await settle();
    expect(chrome.sessionStored.has(REDIRECT_KEY_STORAGE)).toBe(false);
    expect(await report(first)).toEqual({ reported: false });

    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 20 * MIN), source: "web" });
    await settle();
    const second = redirected(chrome, "https://youtube.com/");
    expect(readBlockedPageQuery(new URL(second).search).key).not.toBe(readBlockedPageQuery(new URL(first).search).key);
    expect(await report(first)).toEqual({ reported: false });
    expect(await report(second)).toEqual({ reported: true });
    expect(api.callsTo("/api/blocked-attempts")).toHaveLength(1);
  });

  it("keeps the key in session storage only, and installs the rules again with a new one after a browser restart", async () => {
    const b = await focusing();
    const before = redirected(b.chrome, "https://youtube.com/");
    const key = readBlockedPageQuery(new URL(before).search).key ?? "";
    expect(JSON.stringify([...b.chrome.stored.values()])).not.toContain(key);
    expect(b.chrome.dynamicRules.map(redirectKeyOf)).toEqual([key, key]);

    // A stopped service worker keeps the key and the rules.
    await b.restart();
    expect(redirected(b.chrome, "https://youtube.com/")).toBe(before);

    b.chrome.restartBrowser();
    b.clock.now = T0 + MIN;
    const worker = await b.restart();
    const after = redirected(b.chrome, "https://youtube.com/");
    const newKey = readBlockedPageQuery(new URL(after).search).key;
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey).not.toBe(key);
    const { internal } = createListeners(worker, EXTENSION_ID_FOR_TESTS, [ORIGIN]);
    const message = (url: string) => ({
      type: "blocked_attempt",
      domain: "youtube.com",
      at: new Date(T0 + MIN).toISOString(),
      key: readBlockedPageQuery(new URL(url).search).key,
    });
    expect(await internal(message(before), pageSender(before))).toEqual({ reported: false });
    expect(await internal(message(after), pageSender(after))).toEqual({ reported: true });
  });
});

describe("delay pages", () => {
  /** A paired browser with reddit.com listed behind a delay page, during a focus session. */
  async function delayedInFocus() {
    const b = browser();
    current = b;
    b.api.blocklist = [{ id: 1, url: "reddit.com", active: true, delay: true }];
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    return { b, worker };
  }

  it("lets the user in after a delay page's Continue for 5 minutes, then blocks again at the pass's end", async () => {
    const { b, worker } = await delayedInFocus();
    const page = redirected(b.chrome, "https://www.reddit.com/r/all?sort=new");
    const query = readBlockedPageQuery(new URL(page).search);
    expect(query).toMatchObject({ delay: true, entry: "reddit.com", url: "https://www.reddit.com/r/all?sort=new", domain: "reddit.com" });
    const { internal } = createListeners(worker, EXTENSION_ID_FOR_TESTS, [ORIGIN]);
    const sender = pageSender(page);
    // The page counts down to the end of the wait the worker counts, from when it heard of the page.
    expect(await internal({ type: "delay_shown", key: query.key }, sender)).toEqual({ waitMs: 30_000 });
    const at = new Date(T0 + 31_000).toISOString();
    const pass = { type: "delay_choice", choice: "pass", domain: "reddit.com", entry: "reddit.com", key: query.key, at };
    // A Continue forced before the wait is over lets nobody in.
    b.clock.now = T0 + 3_000;
    expect(await internal(pass, sender)).toEqual({ granted: false });
    b.clock.now = T0 + 31_000;
    const answer = await internal(pass, sender);
    expect(answer).toEqual({ granted: true, until: T0 + 31_000 + 5 * MIN });
    expect(b.chrome.navigate("https://www.reddit.com/r/all")).toBeNull();
    expect(b.chrome.alarmsSet.get(ALARMS.passEnd)).toEqual({ when: T0 + 31_000 + 5 * MIN });
    expect(b.api.callsTo("/api/blocked-attempts").at(-1)?.body).toEqual({ domain: "reddit.com", at, kind: "pass" });
    expect((await worker.popupState()).shield).toEqual({ passesLeft: 2, passesPerDay: 3, stoppedToday: 0, blockingUntil: T0 + 25 * MIN, blockedBy: "session", task: null, intention: null, strict: false });

    b.clock.now = T0 + 31_000 + 5 * MIN;
    await worker.onAlarm(ALARMS.passEnd);
    expect(b.chrome.navigate("https://www.reddit.com/r/all")).toContain("delay=1");
  });

  it("counts the passes another browser of the account took today: the delay page shows what is left, and none left lets nobody in", async () => {
    const { b, worker } = await delayedInFocus();
    // Another browser took a pass: the server says so, and this browser fetches the Shield again.
    b.api.passesTaken = { day: localDayKey(T0), count: 1 };
    b.sockets.last.receive({ type: "blocked_sites_changed" });
    await settle();
    expect((await worker.popupState()).shield).toMatchObject({ passesLeft: 2, passesPerDay: 3 });
    // A count of another day is none.
    b.api.passesTaken = { day: "2020-01-01", count: 3 };
    b.sockets.last.receive({ type: "blocked_sites_changed" });
    await settle();
    expect((await worker.popupState()).shield.passesLeft).toBe(3);
    // All three taken elsewhere today: Continue, after the wait, lets nobody in, and asks the server nothing.
    b.api.passesTaken = { day: localDayKey(T0), count: 3 };
    b.sockets.last.receive({ type: "blocked_sites_changed" });
    await settle();
    expect((await worker.popupState()).shield.passesLeft).toBe(0);
    const page = redirected(b.chrome, "https://www.reddit.com/r/all");
    const query = readBlockedPageQuery(new URL(page).search);
    const { internal } = createListeners(worker, EXTENSION_ID_FOR_TESTS, [ORIGIN]);
    const sender = pageSender(page);
    await internal({ type: "delay_shown", key: query.key }, sender);
    b.clock.now = T0 + 31_000;
    const pass = { type: "delay_choice", choice: "pass", domain: "reddit.com", entry: "reddit.com", key: query.key, at: new Date(T0 + 31_000).toISOString() };
    expect(await internal(pass, sender)).toEqual({ granted: false });
    expect(b.api.callsTo("/api/blocked-attempts").filter((call) => (call.body as { kind?: string }).kind === "pass")).toEqual([]);
  });

  it("blocks a site added in the web app mid-session as soon as the server says the list changed", async () => {
    const { chrome, sockets, api } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(chrome.navigate("https://news.example.net/")).toBeNull();
    api.blocklist = [...api.blocklist, { id: 99, url: "news.example.net", active: true }];
    sockets.last.receive({ type: "blocked_sites_changed" });
    await settle();
    expect(chrome.navigate("https://news.example.net/")).toContain("blocked");
  });

  it("fetches the Shield again when the settings change (an allow list switched on mid-session)", async () => {
    const { chrome, sockets, api } = await paired();
    sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(chrome.navigate("https://news.example.net/")).toBeNull();
    api.shieldMode = "allowlist";
    sockets.last.receive({ type: "settings_changed" });
    await settle();
    expect(chrome.navigate("https://news.example.net/")).toContain("reason=allowlist");
    expect(chrome.navigate("https://www.youtube.com/")).toBeNull();
    expect(chrome.navigate("http://127.0.0.1:3000/app")).toBeNull();
  });
});

describe("a shield that says when it is down", () => {
  it("reports incognito access and its rules when the connection opens, after a timer update and every minute", async () => {
    const b = browser();
    current = b;
    b.chrome.incognito = true;
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    const reports = () => b.sockets.last.sent.filter((message) => message.type === "shield_status");
    expect(reports()).toEqual([{ type: "shield_status", incognitoAllowed: true, rulesInPlace: true, failedEntries: [] }]);
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(reports().at(-1)).toEqual({ type: "shield_status", incognitoAllowed: true, rulesInPlace: true, failedEntries: [] });
    // The rules vanish (another extension, a broken update): the next minute's report says so.
    b.chrome.dynamicRules = [];
    b.chrome.incognito = false;
    b.clock.now = T0 + MIN;
    await b.chrome.rules.update([], []);
    const before = reports().length;
    await worker.onAlarm(ALARMS.heartbeat);
    // The heartbeat reinstalls the missing rules first, then reports what is in place.
    expect(reports().slice(before)).toEqual([{ type: "shield_status", incognitoAllowed: false, rulesInPlace: true, failedEntries: [] }]);
    expect(b.chrome.dynamicRules.length).toBeGreaterThan(0);
  });

  it("names the entry Chrome refused a rule for in its report, while the other sites stay blocked", async () => {
    const b = browser();
    current = b;
    // This Chrome says it takes the expression but refuses the update with it (as it does past 2 KB compiled).
    b.chrome.regexLimit = 0;
    b.chrome.rules.isRegexSupported = async () => true;
    b.api.blocklist = [
      { id: 1, url: "youtube.com", active: true },
      { id: 2, url: "long.example.com", active: true, delay: true },
    ];
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    b.sockets.last.receive({ type: "timer_update", timerState: focus(T0 + 25 * MIN), source: "web" });
    await settle();
    expect(b.chrome.navigate("https://youtube.com/")).toContain("blocked.html");
    const reports = b.sockets.last.sent.filter((message) => message.type === "shield_status");
    expect(reports.at(-1)).toEqual({ type: "shield_status", incognitoAllowed: false, rulesInPlace: false, failedEntries: ["long.example.com"] });
  });

  it("points Chrome's uninstall page at the paired app's removal page", async () => {
    const b = browser();
    current = b;
    const worker = await b.restart();
    expect(b.chrome.uninstallUrl).toBe("http://localhost:3000/extension/removed");
    await worker.pair(b.api.token, ORIGIN);
    expect(b.chrome.uninstallUrl).toBe(`${ORIGIN}/extension/removed`);
  });
});

describe("schedules", () => {
  /** A paired browser whose Shield has a schedule on Monday 2 March 2026 (T0's day), local 09:00 to 09:30 here. */
  async function scheduled() {
    const b = browser();
    current = b;
    const local = (hours: number, minutes: number) => new Date(2026, 2, 2, hours, minutes).getTime();
    b.clock.now = local(8, 50);
    b.api.schedules = [{ id: 1, days: [1], start: "09:00", end: "09:30" }];
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    return { ...b, worker, local };
  }

  it("blocks in a schedule window with no timer running, and stops at its end, by alarms alone", async () => {
    const { chrome, clock, worker, local } = await scheduled();
    expect(chrome.navigate("https://youtube.com/")).toBeNull();
    expect(chrome.alarmsSet.get(ALARMS.schedule)).toEqual({ when: local(9, 0) });
    clock.now = local(9, 0);
    await worker.onAlarm(ALARMS.schedule);
    expect(chrome.navigate("https://youtube.com/")).toContain(`endsAt=${local(9, 30)}`);
    // The tab already open on a blocked site goes to the blocked page when the window begins.
    expect(chrome.openTabs[0]?.url).toContain("reason=open-tab");
    expect((await worker.popupState()).shield.blockingUntil).toBe(local(9, 30));
    expect(chrome.alarmsSet.get(ALARMS.schedule)).toEqual({ when: local(9, 30) });
    clock.now = local(9, 30);
    await worker.onAlarm(ALARMS.schedule);
    expect(chrome.navigate("https://youtube.com/")).toBeNull();
  });

  it("blocks right after a browser restart inside a window, and reads the window on the server's clock", async () => {
    const b = await scheduled();
    b.chrome.restartBrowser();
    b.clock.now = b.local(9, 10);
    await b.restart();
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();

    // This browser's clock set back 20 minutes (to 08:50): the server's clock still says 09:10.
    b.clock.now = b.local(8, 50) + 40;
    b.sockets.last.open();
    await settle();
    b.sockets.last.receive({ type: "pong", sentAt: b.local(8, 50), serverNow: b.local(9, 10) + 20 });
    await settle();
    await b.workers.at(-1)?.onAlarm(ALARMS.heartbeat);
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();
    expect(b.chrome.alarmsSet.get(ALARMS.schedule)).toEqual({ when: b.local(9, 30) - 20 * MIN });
  });

  it("keeps blocking on the window it last saw while the app is unreachable, whichever way the clock moves", async () => {
    const b = await scheduled();
    b.clock.now = b.local(9, 10);
    await b.worker.onAlarm(ALARMS.schedule);
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();

    // The app becomes unreachable and the clock is moved past the window's end, then the
    // browser restarts: the site stays blocked.
    b.sockets.last.close(1006);
    await settle();
    b.clock.now = b.local(11, 0);
    b.chrome.restartBrowser();
    const restarted = await b.restart();
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();
    // Moved back before the window: still blocked.
    b.clock.now = b.local(8, 0);
    await restarted.onAlarm(ALARMS.schedule);
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();
    // A day past the window's end, the browser no longer holds it.
    b.clock.now = b.local(9, 30) + 24 * 60 * MIN;
    await restarted.onAlarm(ALARMS.schedule);
    expect(b.chrome.navigate("https://youtube.com/")).toBeNull();
  });

  it("ends a held window as soon as the app answers again and its clock says the window is over", async () => {
    const b = await scheduled();
    b.clock.now = b.local(9, 10);
    await b.worker.onAlarm(ALARMS.schedule);
    b.sockets.last.close(1006);
    await settle();
    b.clock.now = b.local(11, 0);
    await b.worker.onAlarm(ALARMS.schedule);
    expect(b.chrome.navigate("https://youtube.com/")).not.toBeNull();
    // The app answers: its clock agrees it is 11:00, after the window.
    const worker = await b.restart();
    b.sockets.last.open();
    await settle();
    b.sockets.last.receive({ type: "pong", sentAt: b.local(11, 0), serverNow: b.local(11, 0) });
    await settle();
    await worker.onAlarm(ALARMS.heartbeat);
    expect(b.chrome.navigate("https://youtube.com/")).toBeNull();
  });

  it("reads the schedule in the account's time zone, whatever zone this browser is in", async () => {
    const b = browser();
    current = b;
    // Monday 09:00-09:30 in Kiritimati (UTC+14) is Sunday 19:00-19:30 UTC.
    b.api.timeZone = "Pacific/Kiritimati";
    b.api.schedules = [{ id: 1, days: [1], start: "09:00", end: "09:30" }];
    b.clock.now = Date.UTC(2026, 2, 1, 18, 50);
    const worker = await b.restart();
    await worker.pair(b.api.token, ORIGIN);
    b.sockets.last.open();
    await settle();
    expect(b.chrome.navigate("https://youtube.com/")).toBeNull();
    expect(b.chrome.alarmsSet.get(ALARMS.schedule)).toEqual({ when: Date.UTC(2026, 2, 1, 19, 0) });
    b.clock.now = Date.UTC(2026, 2, 1, 19, 5);
    await worker.onAlarm(ALARMS.schedule);
    expect(b.chrome.navigate("https://youtube.com/")).toContain(`endsAt=${Date.UTC(2026, 2, 1, 19, 30)}`);
  });
});
