import { BLOCKED_SITE_MESSAGES, blockedSiteListSchema, MAX_BLOCKED_SITES, SITE_ENTRY_MESSAGES } from "@focus/core/schemas";
import { FREE_BLOCKED_SITES_MESSAGE, FREE_PLAN } from "@focus/core/subscription";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, registerUser, runClockFrom, type TestApp } from "./helpers";
import { accountTimerDevices, nextOfType } from "./liveHelpers";

describe("blocked sites", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    vi.unstubAllGlobals();
  });

  const add = (cookie: string, payload: object) => t.app.inject({ method: "POST", url: "/api/blocked-sites", headers: { cookie }, payload });
  const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/blocked-sites", headers: { cookie } });
  const remove = (cookie: string, id: number | string) =>
    t.app.inject({ method: "DELETE", url: `/api/blocked-sites/${id}`, headers: { cookie } });

  it("adds, lists and removes the user's sites as {id, url, active}", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await list(cookie)).json()).toEqual([]);

    const created = await add(cookie, { url: " www.YouTube.com ", active: true });
    expect(created.statusCode).toBe(201);
    const site = created.json();
    expect(site).toEqual({ id: expect.any(Number), url: "youtube.com", active: true, delay: false });
    const second = (await add(cookie, { url: "reddit.com" })).json();
    expect(second).toMatchObject({ url: "reddit.com", active: true });

    const listed = await list(cookie);
    expect(listed.statusCode).toBe(200);
    expect(blockedSiteListSchema.parse(listed.json())).toEqual([site, second]);

    const removed = await remove(cookie, site.id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await list(cookie)).json()).toEqual([second]);
    expect((await remove(cookie, site.id)).statusCode).toBe(404);
  });

  it("stores a path and an exception as typed (normalised), each its own entry counted like a site", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await add(cookie, { url: "youtube.com" })).statusCode).toBe(201);
    const path = await add(cookie, { url: "www.YouTube.com/shorts/" });
    expect(path.statusCode).toBe(201);
    expect(path.json()).toMatchObject({ url: "youtube.com/shorts" });
    expect((await add(cookie, { url: "+youtube.com/watch" })).json()).toMatchObject({ url: "+youtube.com/watch" });
    expect((await add(cookie, { url: "youtube.com/shorts" })).statusCode).toBe(409);
    // A pasted address is the same entry: its scheme is dropped.
    expect((await add(cookie, { url: "https://www.youtube.com/shorts/" })).statusCode).toBe(409);
    expect((await list(cookie)).json().map((site: { url: string }) => site.url)).toEqual(["youtube.com", "youtube.com/shorts", "+youtube.com/watch"]);
  });

  it.each([
    ["ftp://youtube.com/shorts", SITE_ENTRY_MESSAGES.scheme],
    ["https://youtube.com/watch?v=1", SITE_ENTRY_MESSAGES.query],
    ["youtube.com/watch?v=1", SITE_ENTRY_MESSAGES.query],
    ["youtube.com/shorts#x", SITE_ENTRY_MESSAGES.fragment],
    ["youtube.com/a b", SITE_ENTRY_MESSAGES.path],
  ])("refuses %s with 400 and says why", async (url, message) => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const res = await add(cookie, { url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("switches an entry between a wall and a delay page; another user's entry is not found", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const site = (await add(cookie, { url: "reddit.com" })).json();
    const put = (who: string, id: number | string, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/blocked-sites/${id}`, headers: { cookie: who }, payload });
    const res = await put(cookie, site.id, { delay: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...site, delay: true });
    expect((await list(cookie)).json()).toEqual([{ ...site, delay: true }]);
    expect((await put(cookie, site.id, { delay: "yes" })).json().message).toContain("delay must be true or false");
    const other = await registerUser(t.app);
    expect((await put(other.cookie, site.id, { delay: false })).statusCode).toBe(404);
  });

  it("answers the Shield's mode, passes a day, entries and the warning before the end on GET /api/shield, as the settings say", async () => {
    // Noon UTC: the day the passes are counted for is known.
    runClockFrom("2026-12-02T12:00:00Z");
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    await add(cookie, { url: "docs.example.org" });
    const shield = () => t.app.inject({ method: "GET", url: "/api/shield", headers: { cookie } });
    expect((await shield()).json()).toEqual({
      mode: "blocklist",
      delayPassesPerDay: 3,
      sites: [{ id: expect.any(Number), url: "docs.example.org", active: true, delay: false }],
      schedules: [],
      sessionTask: null,
      sessionIntention: null,
      endWarning: "1",
      timeZone: "UTC",
      passesTaken: { day: "2026-12-02", count: 0 },
    });
    const saved = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { shieldMode: "allowlist", delayPassesPerDay: 1, endWarning: "both" } });
    expect(saved.statusCode).toBe(200);
    expect((await shield()).json()).toMatchObject({ mode: "allowlist", delayPassesPerDay: 1, endWarning: "both" });
    const refused = await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie }, payload: { shieldMode: "wall", delayPassesPerDay: 11 } });
    expect(refused.statusCode).toBe(400);
  });

  it("stores active: false when asked", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await add(cookie, { url: "news.ycombinator.com", active: false })).json()).toMatchObject({ active: false });
  });

  it("refuses a site the user already blocks, however it is spelled, with 409", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    expect((await add(cookie, { url: "youtube.com", active: true })).statusCode).toBe(201);
    for (const url of ["youtube.com", "www.youtube.com/", "YOUTUBE.COM."]) {
      const res = await add(cookie, { url, active: true });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ message: "This website is already in your blocklist" });
    }
    expect((await list(cookie)).json()).toHaveLength(1);
    // Another user may block the same site.
    const other = await registerUser(t.app);
    expect((await add(other.cookie, { url: "youtube.com", active: true })).statusCode).toBe(201);
  });

  it(`refuses more than ${MAX_BLOCKED_SITES} sites per user with 409`, async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const rows = Array.from({ length: MAX_BLOCKED_SITES }, (_, i) => ({
      user_id: userId,
      url: `site${i}.example.com`,
      active: 1,
      created_at: new Date().toISOString(),
    }));
    await t.app.db.insertInto("blocked_sites").values(rows).execute();
    const refused = await add(cookie, { url: "one-more.example.com", active: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `You can block at most ${MAX_BLOCKED_SITES} websites` });
    expect((await remove(cookie, (await list(cookie)).json()[0].id)).statusCode).toBe(204);
    expect((await add(cookie, { url: "one-more.example.com", active: true })).statusCode).toBe(201);
  });

  it(`gives the Free plan ${FREE_PLAN.blockedSites} websites: the next is refused with 403 and a message, the trial has no such limit`, async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    for (let i = 0; i <= FREE_PLAN.blockedSites; i++) {
      expect((await add(cookie, { url: `trial${i}.example.com`, active: true })).statusCode).toBe(201);
    }
    // After the trial, what is on the list stays; nothing more is added.
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", userId).execute();
    const refused = await add(cookie, { url: "one-more.example.com", active: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FREE_BLOCKED_SITES_MESSAGE });
    expect((await list(cookie)).json()).toHaveLength(FREE_PLAN.blockedSites + 1);
    // Down to four, one more fits.
    for (const site of (await list(cookie)).json().slice(0, 2)) expect((await remove(cookie, site.id)).statusCode).toBe(204);
    expect((await add(cookie, { url: "one-more.example.com", active: true })).statusCode).toBe(201);
    expect((await add(cookie, { url: "two-more.example.com", active: true })).statusCode).toBe(403);
  });

  it("keeps the limit when adds race for the last free place (a per-user lock on PostgreSQL)", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const rows = Array.from({ length: MAX_BLOCKED_SITES - 1 }, (_, i) => ({
      user_id: userId,
      url: `site${i}.example.com`,
      active: 1,
      created_at: new Date().toISOString(),
    }));
    await t.app.db.insertInto("blocked_sites").values(rows).execute();
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(cookie, { url: `racer${i}.example.com`, active: true })),
    );
    expect(racing.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list(cookie)).json()).toHaveLength(MAX_BLOCKED_SITES);
  });

  it("answers bad input with the add-website form's messages", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const cases: [object, string][] = [
      [{ url: "" }, BLOCKED_SITE_MESSAGES.required],
      [{ url: "   " }, BLOCKED_SITE_MESSAGES.required],
      [{ url: "not a site" }, BLOCKED_SITE_MESSAGES.invalid],
      [{ url: "localhost" }, BLOCKED_SITE_MESSAGES.invalid],
      [{ url: "192.168.0.1" }, BLOCKED_SITE_MESSAGES.invalid],
      [{ url: "-bad.com" }, BLOCKED_SITE_MESSAGES.invalid],
      [{ url: `${"a".repeat(64)}.com` }, BLOCKED_SITE_MESSAGES.invalid],
      [{ url: "example.c" }, BLOCKED_SITE_MESSAGES.invalid],
    ];
    for (const [payload, message] of cases) {
      const res = await add(cookie, { active: true, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message, issues: [{ path: "url", message }] });
    }
    expect(BLOCKED_SITE_MESSAGES.invalid).toBe("Invalid URL format (e.g., example.com)");
    for (const payload of [{}, { url: 5 }, { url: "a.com", active: "yes" }]) {
      expect((await add(cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      expect((await remove(cookie, id)).statusCode, id).toBe(400);
    }
    expect((await list(cookie)).json()).toEqual([]);
  });

  it("keeps each user's sites to themselves: another user's id is 404", async () => {
    t = await createTestApp();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const site = (await add(a.cookie, { url: "twitter.com", active: true })).json();
    expect((await list(b.cookie)).json()).toEqual([]);
    const res = await remove(b.cookie, site.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Blocked site not found" });
    expect((await list(a.cookie)).json()).toEqual([site]);
  });

  it("answers 401 to anonymous callers before reading the body", async () => {
    t = await createTestApp();
    for (const [method, url] of [
      ["GET", "/api/blocked-sites"],
      ["POST", "/api/blocked-sites"],
      ["DELETE", "/api/blocked-sites/abc"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "POST" ? { url: "" } : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: "Not authenticated" });
    }
  });
});

describe("blocked sites: the user's other connections hear of each change", () => {
  const live = accountTimerDevices(createTestApp, { beforeEach, afterEach });

  it("sends blocked_sites_changed to every connection of the user when a site is added, changed or removed, and to no one else", async () => {
    const { cookie } = await registerUser(live.t.app);
    const stranger = await registerUser(live.t.app);
    const extension = await live.device(cookie);
    const other = await live.device(stranger.cookie);
    const added = await live.t.app.inject({ method: "POST", url: "/api/blocked-sites", headers: { cookie }, payload: { url: "news.example.net", active: true } });
    expect(added.statusCode).toBe(201);
    expect(await nextOfType(extension.socket, "blocked_sites_changed")).toEqual({ type: "blocked_sites_changed" });
    const { id } = added.json() as { id: number };
    expect((await live.t.app.inject({ method: "PUT", url: `/api/blocked-sites/${id}`, headers: { cookie }, payload: { delay: true } })).statusCode).toBe(200);
    expect(await nextOfType(extension.socket, "blocked_sites_changed")).toEqual({ type: "blocked_sites_changed" });
    expect((await live.t.app.inject({ method: "DELETE", url: `/api/blocked-sites/${id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(await nextOfType(extension.socket, "blocked_sites_changed")).toEqual({ type: "blocked_sites_changed" });
    expect(other.socket.received.filter((m) => m.type === "blocked_sites_changed")).toEqual([]);
  });
});
