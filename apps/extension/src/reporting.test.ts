import { describe, expect, it } from "vitest";
import { createApiClient } from "./api";
import { DELAY_WAIT_SECONDS } from "@focus/core/schemas";
import { noteDelayShown, renewRedirectKey } from "./redirectKey";
import { type DelayChoiceReport, reportAttempt, reportDelayChoice, sendPendingReports } from "./reporting";
import { readState, writeState } from "./storage";
import { FakeApi, FakeChrome } from "./test/fakes";

const AT = "2026-03-02T09:03:00.000Z";

async function setup(options: { paused?: boolean; mode?: "blocklist" | "allowlist" } = {}) {
  const chrome = new FakeChrome();
  const fake = new FakeApi();
  await writeState(chrome, {
    pairing: { token: fake.token, apiOrigin: "http://127.0.0.1:3000", paused: options.paused ?? false },
    blocklist: { entries: ["youtube.com", "reddit.com/r/all"], delayed: ["reddit.com/r/all"], mode: options.mode ?? "blocklist", passesPerDay: 1, schedules: [], timeZone: null, sessionTask: null, endWarning: "off" as const, fetchedAt: 0 },
  });
  const key = await renewRedirectKey(chrome);
  const settled: string[] = [];
  const deps = {
    chrome,
    now: () => Date.parse(AT),
    api: createApiClient(fake.fetch),
    settle: async (result: { kind: string }) => {
      settled.push(result.kind);
      return result.kind === "ok";
    },
  };
  return { chrome, fake, key, deps, settled };
}

describe("reportAttempt", () => {
  it("sends a keyed attempt for a listed site once per page load, with the device token", async () => {
    const { chrome, fake, key, deps } = await setup();
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: true });
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect(fake.callsTo("/api/blocked-attempts")).toHaveLength(1);
    expect(fake.calls.at(-1)).toMatchObject({ body: { domain: "youtube.com", at: AT }, headers: { Authorization: `Bearer ${fake.token}` } });
    expect((await readState(chrome)).passes?.stopped).toBe(1);
  });

  it("keeps a report the API could not be reached for and sends it later with its own time, once", async () => {
    const { chrome, fake, key, deps } = await setup();
    fake.offline = true;
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect((await readState(chrome)).passes?.stopped).toBe(1);
    expect((await readState(chrome)).pendingReports).toEqual([{ domain: "youtube.com", at: AT }]);
    await sendPendingReports(deps);
    expect((await readState(chrome)).pendingReports).toHaveLength(1);
    fake.offline = false;
    const before = fake.calls.length;
    await sendPendingReports(deps);
    await sendPendingReports(deps);
    expect(fake.calls.slice(before).map((call) => call.body)).toEqual([{ domain: "youtube.com", at: AT }]);
    expect((await readState(chrome)).pendingReports).toEqual([]);
  });

  it("drops a report the API refuses (400), keeps one it asks to send later (429, 503), and takes 202 (counted past the day's limit) as done", async () => {
    const { chrome, fake, key, deps } = await setup();
    fake.attemptStatus = 400;
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect((await readState(chrome)).pendingReports).toEqual([]);
    for (const [status, documentId] of [[429, "D2"], [503, "D3"]] as const) {
      fake.attemptStatus = status;
      await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId });
    }
    expect((await readState(chrome)).pendingReports).toHaveLength(2);
    fake.attemptStatus = 202;
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D4" })).toEqual({ reported: true });
    await sendPendingReports(deps);
    expect((await readState(chrome)).pendingReports).toEqual([]);
  });

  it("sends the waiting reports past one the API refuses", async () => {
    const { chrome, fake, deps } = await setup();
    await writeState(chrome, { pendingReports: [{ domain: "youtube.com", at: AT }, { domain: "reddit.com", at: AT }] });
    fake.attemptStatus = 422;
    await sendPendingReports(deps);
    expect(fake.callsTo("/api/blocked-attempts")).toHaveLength(2);
    expect((await readState(chrome)).pendingReports).toEqual([]);
  });

  it("in allow-list mode counts a site the list does not name, never one it names", async () => {
    const { key, deps } = await setup({ mode: "allowlist" });
    expect(await reportAttempt(deps, { domain: "news.example.net", at: AT, key, documentId: "D1" })).toEqual({ reported: true });
    expect(await reportAttempt(deps, { domain: "www.youtube.com", at: AT, key, documentId: "D2" })).toEqual({ reported: false });
  });

  it("sends nothing for a site not on the list, a wrong key or a switched-off device", async () => {
    const a = await setup();
    expect(await reportAttempt(a.deps, { domain: "twitter.com", at: AT, key: a.key, documentId: "D1" })).toEqual({ reported: false });
    expect(await reportAttempt(a.deps, { domain: "youtube.com", at: AT, key: "0".repeat(32), documentId: "D2" })).toEqual({ reported: false });
    const b = await setup({ paused: true });
    expect(await reportAttempt(b.deps, { domain: "youtube.com", at: AT, key: b.key, documentId: "D1" })).toEqual({ reported: false });
    expect([...a.fake.calls, ...b.fake.calls]).toHaveLength(0);
  });

  it("hands a refusal of the API to the pairing part (an unlinked device)", async () => {
    const { fake, key, deps, settled } = await setup();
    fake.device = "revoked";
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect(settled).toEqual(["unlinked"]);
  });
});

describe("reportDelayChoice", () => {
  const choice = (key: string, patch: Partial<DelayChoiceReport> = {}): DelayChoiceReport => ({
    choice: "pass",
    domain: "reddit.com",
    entry: "reddit.com/r/all",
    at: AT,
    key,
    documentId: "D1",
    ...patch,
  });

  it("grants a pass for 5 minutes while the day has one left, reports it, and refuses the next", async () => {
    const { chrome, fake, key, deps } = await setup();
    await noteDelayShown(chrome, key, "D1", Date.parse(AT) - DELAY_WAIT_SECONDS * 1000);
    await noteDelayShown(chrome, key, "D2", Date.parse(AT) - DELAY_WAIT_SECONDS * 1000);
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: true, until: Date.parse(AT) + 5 * 60_000 });
    expect(fake.calls.at(-1)?.body).toEqual({ domain: "reddit.com", at: AT, kind: "pass" });
    expect((await readState(chrome)).passes).toMatchObject({ used: 1, open: [{ entry: "reddit.com/r/all" }] });
    // The same page load cannot pass twice; another page load finds the day's one pass used.
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: false });
    expect(await reportDelayChoice(deps, choice(key, { documentId: "D2" }))).toEqual({ granted: false });
    expect(fake.callsTo("/api/blocked-attempts")).toHaveLength(1);
  });

  it("asks the server before granting a pass: its refusal (the account's passes used in another browser) stands and is given; without an answer this browser's count decides", async () => {
    const { chrome, fake, key, deps } = await setup();
    await noteDelayShown(chrome, key, "D1", Date.parse(AT) - DELAY_WAIT_SECONDS * 1000);
    await noteDelayShown(chrome, key, "D2", Date.parse(AT) - DELAY_WAIT_SECONDS * 1000);
    fake.attemptStatus = 409;
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: false, message: "Refused with 409" });
    expect((await readState(chrome)).passes?.used ?? 0).toBe(0);
    expect((await readState(chrome)).pendingReports).toEqual([]);
    fake.offline = true;
    expect(await reportDelayChoice(deps, choice(key, { documentId: "D2" }))).toEqual({ granted: true, until: Date.parse(AT) + 5 * 60_000 });
    expect((await readState(chrome)).pendingReports).toEqual([{ domain: "reddit.com", at: AT, kind: "pass" }]);
  });

  it("grants no pass before the wait is over on the worker's clock, however the page's button was enabled", async () => {
    const { chrome, fake, key, deps } = await setup();
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: false });
    await noteDelayShown(chrome, key, "D1", Date.parse(AT) - 300);
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: false });
    expect(fake.callsTo("/api/blocked-attempts")).toHaveLength(0);
    // The same page, once the wait is over (its first note stands; a later one does not restart it).
    await noteDelayShown(chrome, key, "D1", Date.parse(AT));
    const later = { ...deps, now: () => Date.parse(AT) - 300 + DELAY_WAIT_SECONDS * 1000 };
    expect(await reportDelayChoice(later, choice(key))).toMatchObject({ granted: true });
  });

  it("grants no pass during a strict focus session (a turn-back still counts)", async () => {
    const { chrome, fake, key, deps } = await setup();
    const now = Date.parse(AT);
    await noteDelayShown(chrome, key, "D1", now - DELAY_WAIT_SECONDS * 1000);
    await writeState(chrome, { timer: { isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: now + 20 * 60_000, durationMs: 1_500_000, strict: true } });
    expect(await reportDelayChoice(deps, choice(key))).toEqual({ granted: false });
    expect((await readState(chrome)).passes ?? null).toBeNull();
    expect(await reportDelayChoice(deps, choice(key, { choice: "turned_back", documentId: "D5" }))).toEqual({ granted: true });
    expect(fake.callsTo("/api/blocked-attempts").map((call) => (call.body as { kind?: string }).kind)).toEqual(["turned_back"]);
  });

  it("reports a turn-back once per page load, and nothing for an entry without a delay or a wrong key", async () => {
    const { fake, key, deps } = await setup();
    expect(await reportDelayChoice(deps, choice(key, { choice: "turned_back" }))).toEqual({ granted: true });
    expect(await reportDelayChoice(deps, choice(key, { choice: "turned_back" }))).toEqual({ granted: false });
    expect(await reportDelayChoice(deps, choice(key, { entry: "youtube.com", domain: "youtube.com", documentId: "D3" }))).toEqual({ granted: false });
    expect(await reportDelayChoice(deps, choice("0".repeat(32), { documentId: "D4" }))).toEqual({ granted: false });
    expect(fake.callsTo("/api/blocked-attempts").map((call) => (call.body as { kind?: string }).kind)).toEqual(["turned_back"]);
  });
});
