import { describe, expect, it, vi } from "vitest";
import type { MessageSender } from "./chromeAdapter";
import { blockedPageSender, createListeners, senderOrigin } from "./messages";
import { EXTENSION_ID_FOR_TESTS, pageSender } from "./test/fakes";
import type { Worker } from "./worker";

const APP = "http://127.0.0.1:3000";
const TOKEN = "A".repeat(43);
const page = (origin = APP): MessageSender => ({ url: `${origin}/app`, origin });
const own: MessageSender = { id: EXTENSION_ID_FOR_TESTS, url: `chrome-extension://${EXTENSION_ID_FOR_TESTS}/popup/popup.html` };
const KEY = "0123456789abcdef0123456789abcdef";
const blockedUrl = (query = `domain=youtube.com&endsAt=1772443500000&key=${KEY}`, id = EXTENSION_ID_FOR_TESTS) =>
  `chrome-extension://${id}/blocked/blocked.html?${query}`;
const AT = "2026-03-02T09:03:00.000Z";
const attempt = { type: "blocked_attempt", domain: "youtube.com", at: AT, key: KEY };

/** A worker whose every method is a spy answering "handled". */
function spyWorker() {
  const answer = <T>(value: T) => vi.fn(async () => value);
  const worker = {
    start: answer(undefined),
    onAlarm: answer(undefined),
    pair: answer({ version: "1.4.0", link: "connecting", pairedHere: true }),
    unpair: answer({ version: "1.4.0", link: "unlinked", pairedHere: false }),
    status: answer({ version: "1.4.0", link: "unlinked", pairedHere: false }),
    popupState: answer({ link: "unlinked", timer: null, appUrl: APP, version: "1.4.0", clockOffset: 0, shield: { passesLeft: 3, passesPerDay: 3, stoppedToday: 0 } }),
    command: answer({ sent: true }),
    reportAttempt: answer({ reported: true }),
    delayChoice: answer({ granted: true }),
    delayShown: answer({ waitMs: 0 }),
    onLiveMessage: answer(undefined),
    onTabPage: answer(false),
    dispose: vi.fn(),
  } satisfies Worker;
  return { worker, ...createListeners(worker, EXTENSION_ID_FOR_TESTS, [APP, "https://focus.example.com"]) };
}

const calls = (worker: ReturnType<typeof spyWorker>["worker"]) =>
  Object.values(worker).reduce((sum, fn) => sum + fn.mock.calls.length, 0);

describe("messages from the web app (externally_connectable)", () => {
  it("answers status and pairs with a token for the page's own origin", async () => {
    const { worker, external } = spyWorker();
    expect(await external({ type: "status" }, page())).toMatchObject({ version: "1.4.0", link: "unlinked" });
    expect(worker.status).toHaveBeenCalledWith(APP);
    expect(await external({ type: "pair", token: TOKEN, apiOrigin: APP }, page())).toMatchObject({ link: "connecting" });
    expect(worker.pair).toHaveBeenCalledWith(TOKEN, APP);
    await external({ type: "unpair" }, page());
    expect(worker.unpair).toHaveBeenCalledWith(APP);
  });

  it.each<[string, unknown]>([
    ["an unknown type", { type: "set_blocklist", domains: ["example.com"] }],
    ["a blocklist handed over with a pairing", { type: "block", sites: ["a.com"] }],
    ["no type", { token: TOKEN }],
    ["a pair without a token", { type: "pair", apiOrigin: APP }],
    ["a pair with a malformed token", { type: "pair", token: "not a token!", apiOrigin: APP }],
    ["a pair with a path for an origin", { type: "pair", token: TOKEN, apiOrigin: `${APP}/app` }],
    ["a string", "pair"],
    ["null", null],
    ["a number", 42],
    ["an array", [{ type: "status" }]],
  ])("ignores %s", (_name, message) => {
    const { worker, external } = spyWorker();
    expect(external(message, page())).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });

  it("ignores a pairing for another origin than the sending page's", () => {
    const { worker, external } = spyWorker();
    expect(external({ type: "pair", token: TOKEN, apiOrigin: "https://evil.example" }, page())).toBeUndefined();
    expect(worker.pair).not.toHaveBeenCalled();
  });

  it("answers a page of every app origin of the build, each pairing for itself", async () => {
    const { worker, external } = spyWorker();
    const other = "https://focus.example.com";
    expect(await external({ type: "pair", token: TOKEN, apiOrigin: other }, page(other))).toMatchObject({ link: "connecting" });
    expect(worker.pair).toHaveBeenCalledWith(TOKEN, other);
    expect(external({ type: "pair", token: TOKEN, apiOrigin: APP }, page(other))).toBeUndefined();
    expect(worker.pair).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["the same host on another port", "http://127.0.0.1:5173"],
    ["the app's other host name on the app's port", "http://localhost:3000"],
    ["https instead of http", "https://127.0.0.1:3000"],
    ["another site", "https://evil.example"],
    ["a subdomain of an app origin", "https://evil.focus.example.com"],
  ])("ignores a page from %s, even pairing with its own origin", (_name, origin) => {
    const { worker, external } = spyWorker();
    expect(external({ type: "status" }, page(origin))).toBeUndefined();
    expect(external({ type: "pair", token: TOKEN, apiOrigin: origin }, page(origin))).toBeUndefined();
    expect(external({ type: "unpair" }, page(origin))).toBeUndefined();
    expect(external({ type: "status" }, { url: `${origin}/extension` })).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });

  it("ignores senders that are no web page", () => {
    const { worker, external } = spyWorker();
    expect(external({ type: "status" }, {})).toBeUndefined();
    expect(external({ type: "status" }, { id: "otherextensionidotherextensionid", url: "chrome-extension://x/y.html" })).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });
});

describe("messages from the extension's own pages", () => {
  it("runs get_state, command and blocked_attempt", async () => {
    const { worker, internal } = spyWorker();
    expect(await internal({ type: "get_state" }, own)).toMatchObject({ link: "unlinked" });
    expect(await internal({ type: "command", action: "pause" }, own)).toEqual({ sent: true });
    expect(worker.command).toHaveBeenCalledWith("pause");
    const page = pageSender(blockedUrl(), { documentId: "DOC-A" });
    expect(await internal(attempt, page)).toEqual({ reported: true });
    expect(worker.reportAttempt).toHaveBeenCalledWith({ domain: "youtube.com", at: AT, key: KEY, documentId: "DOC-A" });
  });

  it.each<[string, unknown, MessageSender]>([
    ["an attempt without the redirect key", { ...attempt, key: undefined }, pageSender(blockedUrl("domain=youtube.com"))],
    ["an attempt with a malformed key", { ...attempt, key: "guess" }, pageSender(blockedUrl("domain=youtube.com&key=guess"))],
    ["an attempt whose key is not the one in the page's address", { ...attempt, key: "f".repeat(32) }, pageSender(blockedUrl())],
    ["an attempt for another domain than the page's", { ...attempt, domain: "reddit.com" }, pageSender(blockedUrl())],
    ["an attempt from a blocked page framed by another page", attempt, pageSender(blockedUrl(), { frameId: 3 })],
    ["an attempt from a page that is no tab's (the popup)", attempt, own],
    ["an attempt from another page of the extension", attempt, pageSender(`chrome-extension://${EXTENSION_ID_FOR_TESTS}/popup/popup.html?key=${KEY}`)],
    ["an attempt from a page with no document id", attempt, { ...pageSender(blockedUrl()), documentId: undefined }],
    ["an attempt from a web page", attempt, { ...page(), frameId: 0, documentId: "DOC-W" }],
    [
      "an attempt from another extension's blocked page",
      attempt,
      { ...pageSender(blockedUrl(undefined, "otherextensionidotherextensionid")), id: "otherextensionidotherextensionid" },
    ],
  ])("ignores %s", (_name, message, sender) => {
    const { worker, internal } = spyWorker();
    expect(internal(message, sender)).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });

  it.each<[string, unknown]>([
    ["an unknown type", { type: "unblock_everything" }],
    ["a command the popup may not send", { type: "command", action: "sync_request" }],
    ["a command with an unknown action", { type: "command", action: "skip" }],
    ["an attempt without a date", { type: "blocked_attempt", domain: "youtube.com", key: KEY }],
    ["an attempt with a bad date", { type: "blocked_attempt", domain: "youtube.com", at: "yesterday", key: KEY }],
    ["a pairing (only pages of the app may pair)", { type: "pair", token: TOKEN, apiOrigin: APP }],
    ["undefined", undefined],
  ])("ignores %s", (_name, message) => {
    const { worker, internal } = spyWorker();
    expect(internal(message, own)).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });

  it("ignores messages from anyone else", () => {
    const { worker, internal } = spyWorker();
    expect(internal({ type: "get_state" }, { id: "otherextensionidotherextensionid" })).toBeUndefined();
    expect(internal({ type: "get_state" }, page())).toBeUndefined();
    expect(calls(worker)).toBe(0);
  });
});

describe("blockedPageSender", () => {
  it("reads the query and document of the extension's blocked page, loaded as a tab's top-level page", () => {
    expect(blockedPageSender(pageSender(blockedUrl(), { documentId: "DOC-B" }), EXTENSION_ID_FOR_TESTS)).toEqual({
      query: { domain: "youtube.com", endsAt: 1772443500000, reason: "navigation", key: KEY, delay: false, entry: null, url: null },
      documentId: "DOC-B",
    });
    expect(blockedPageSender(pageSender(blockedUrl(), { frameId: 1 }), EXTENSION_ID_FOR_TESTS)).toBeNull();
    expect(blockedPageSender({ ...pageSender(blockedUrl()), frameId: undefined }, EXTENSION_ID_FOR_TESTS)).toBeNull();
    expect(blockedPageSender({ ...pageSender("garbage") }, EXTENSION_ID_FOR_TESTS)).toBeNull();
  });
});

describe("senderOrigin", () => {
  it("reads the origin, or derives it from the URL, http(s) only", () => {
    expect(senderOrigin({ origin: APP })).toBe(APP);
    expect(senderOrigin({ url: "http://localhost:5173/extension?x=1" })).toBe("http://localhost:5173");
    expect(senderOrigin({ origin: "null", url: "https://focus.example.com/app" })).toBe("https://focus.example.com");
    expect(senderOrigin({ url: "chrome-extension://abc/popup.html" })).toBeNull();
    expect(senderOrigin({ url: "garbage" })).toBeNull();
    expect(senderOrigin({})).toBeNull();
  });
});
