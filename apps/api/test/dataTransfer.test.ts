import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { DEFAULT_SETTINGS, dataExportSchema, type DataExport } from "@focus/core/schemas";
import { strFromU8, unzipSync } from "fflate";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ENGINE, type TestApp } from "./helpers";

describe("data export and import", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function post(cookie: string, payload: object) {
    const res = await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload });
    if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
    return res;
  }

  function exportAs(cookie: string, format?: "csv" | "json") {
    return t.app.inject({ method: "GET", url: format ? `/api/export?format=${format}` : "/api/export", headers: { cookie } });
  }

  function importAs(cookie: string, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/import", headers: { cookie }, payload });
  }

  /** A user with settings and three sessions, one without a clientId. */
  async function userWithSessions() {
    const user = await registerUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/settings", headers: { cookie: user.cookie }, payload: { focusDuration: 45, theme: "light" } });
    await post(user.cookie, { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true, clientId: randomUUID() });
    await post(user.cookie, { startTime: "2026-03-01T09:00:00Z", duration: 300, type: "break", completed: true });
    await post(user.cookie, { startTime: "2026-03-02T10:00:00Z", duration: 600, type: "focus", completed: false, clientId: randomUUID() });
    return user;
  }

  /** The files of a CSV export zip, by name, as text. */
  function csvFiles(res: LightMyRequestResponse): Record<string, string> {
    return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(res.rawPayload))).map(([name, bytes]) => [name, strFromU8(bytes)]));
  }

  /** The export without its timestamp, for comparisons. */
  const content = ({ exportedAt: _at, ...rest }: DataExport) => rest;

  it("keeps at most 100 breaks a day: a break past them answers 409 and an import leaves the rest out and counts them", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const breakAt = (minute: number, day = "2026-03-02") => ({ startTime: new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000).toISOString(), duration: 60, type: "break", completed: true });
    const imported = await importAs(cookie, { version: 1, exportedAt: "2026-03-03T00:00:00Z", sessions: [...Array.from({ length: 99 }, (_, i) => breakAt(i * 2)), breakAt(0, "2026-03-03")] });
    expect(imported.json()).toEqual({ imported: 100, skipped: 0, breaksOverDailyLimit: 0, settingsApplied: false });
    expect((await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: breakAt(500) })).statusCode).toBe(201);
    const refused = await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: breakAt(502) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("That day already holds 100 breaks, the most one day keeps. This break was not recorded.");
    // A focus session that day, and a break the next day, are still kept.
    expect((await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: { ...breakAt(600), type: "focus", duration: 1500 } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: "POST", url: "/api/sessions", headers: { cookie }, payload: breakAt(10, "2026-03-03") })).statusCode).toBe(201);
    const flood = await importAs(cookie, { version: 1, exportedAt: "2026-03-05T00:00:00Z", sessions: Array.from({ length: 1000 }, (_, i) => breakAt(i, "2026-03-04")) });
    expect(flood.json()).toEqual({ imported: 100, skipped: 900, breaksOverDailyLimit: 900, settingsApplied: false });
  });

  it("exports the user's settings and sessions, oldest first, as a JSON attachment", async () => {
    t = await createTestApp();
    const { cookie } = await userWithSessions();
    const res = await exportAs(cookie, "json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="focus-flow-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const document = dataExportSchema.parse(res.json());
    expect(document.version).toBe(1);
    expect(document.settings).toMatchObject({ focusDuration: 45, theme: "light" });
    expect(document.sessions.map((s) => s.startTime)).toEqual([
      "2026-03-01T09:00:00.000Z",
      "2026-03-02T09:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
    ]);
    expect(document.sessions[0]).toEqual({ startTime: "2026-03-01T09:00:00.000Z", duration: 300, type: "break", completed: true });
    expect(document.sessions[1]).toHaveProperty("clientId");
    // JSON is the default format.
    expect(dataExportSchema.parse((await exportAs(cookie)).json()).sessions).toHaveLength(3);
  });

  it("writes text a spreadsheet would run as a formula with a quote mark in front, so it is shown as written", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const intentions = ['=HYPERLINK("https://evil.example","click")', "+1 more", "-list", "@SUM(A1)", "plain -dash"];
    for (const [i, intention] of intentions.entries()) {
      await post(cookie, { startTime: `2026-03-0${i + 1}T09:00:00Z`, duration: 1500, type: "focus", completed: true, intention });
    }
    const rows = csvFiles(await exportAs(cookie, "csv"))["sessions.csv"]!.trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.slice(row.indexOf(",,,,,") + 5, row.lastIndexOf(",,")))).toEqual([
      '"\'=HYPERLINK(""https://evil.example"",""click"")"',
      `"'+1 more"`,
      `"'-list"`,
      `"'@SUM(A1)"`,
      "plain -dash",
    ]);
  });

  it("exports the sessions and the settings as CSV: a zip with sessions.csv and settings.csv", async () => {
    t = await createTestApp();
    const { cookie } = await userWithSessions();
    const res = await exportAs(cookie, "csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="focus-flow-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const files = csvFiles(res);
    expect(Object.keys(files)).toEqual(["sessions.csv", "settings.csv"]);

    const sessions = files["sessions.csv"]!.trimEnd().split("\r\n");
    expect(sessions[0]).toBe("startTime,type,duration,completed,clientId,taskId,escapedAt,extensions,intention,outcome,rating");
    expect(sessions).toHaveLength(4);
    expect(sessions[1]).toBe("2026-03-01T09:00:00.000Z,break,300,true,,,,,,,");
    expect(sessions[2]).toMatch(/^2026-03-02T09:00:00\.000Z,focus,1500,true,[0-9a-f-]{36},,,,,,$/);

    expect(files["settings.csv"]).toBe(
      [
        "setting,value,unit",
        "focusDuration,45,minutes",
        "shortBreakDuration,5,minutes",
        "longBreakDuration,15,minutes",
        "longBreakInterval,4,focus sessions",
        "autoStartBreaks,true,",
        "autoStartFocus,false,",
        "soundNotifications,true,",
        "desktopNotifications,true,",
        "notificationSound,bell,",
        "theme,light,",
        "audioFollowsTimer,false,",
        "audioInBreaks,relax,",
        "strictFocus,false,",
        "escapesPerWeek,3,escapes a week",
        "endWarning,1,minutes before the end",
        "warningSound,false,",
        "timerDisplay,ring,",
        "weeklyGoalDays,4,focus days a week",
        "shieldMode,blocklist,",
        "delayPassesPerDay,3,passes a day",
        "focusStyle,pomodoro,",
        "flowBreakShare,0.2,share of the focus time",
        "flowCueMinutes,90,minutes",
        "maxExtensions,2,in a row",
        "breakCallBack,false,",
        "",
      ].join("\r\n"),
    );
  });

  it("exports only the caller's own data", async () => {
    t = await createTestApp();
    const a = await userWithSessions();
    const b = await registerUser(t.app);
    await post(b.cookie, { startTime: "2026-04-01T09:00:00Z", duration: 1200, type: "focus", completed: true });
    const document = dataExportSchema.parse((await exportAs(b.cookie)).json());
    expect(document.sessions).toEqual([{ startTime: "2026-04-01T09:00:00.000Z", duration: 1200, type: "focus", completed: true }]);
    expect(document.settings).toEqual(DEFAULT_SETTINGS);
    const csv = csvFiles(await exportAs(b.cookie, "csv"));
    expect(csv["sessions.csv"]).not.toContain("2026-03-0");
    expect(csv["settings.csv"]).toContain("focusDuration,25,minutes");
    const aDocument = dataExportSchema.parse((await exportAs(a.cookie)).json());
    expect(aDocument.sessions).toHaveLength(3);
  });

  it("answers 401 to a visitor who is not logged in, and 400 for an unknown format", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/export" })).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/export?format=xml", headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("format must be csv or json");
  });

  it("gives the same data after export → import into another account → export", async () => {
    t = await createTestApp();
    const a = await userWithSessions();
    const exported = dataExportSchema.parse((await exportAs(a.cookie)).json());

    const b = await registerUser(t.app);
    const imported = await importAs(b.cookie, exported);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ imported: 3, skipped: 0, breaksOverDailyLimit: 0, settingsApplied: true });

    const again = dataExportSchema.parse((await exportAs(b.cookie)).json());
    expect(content(again)).toEqual(content(exported));
    expect(csvFiles(await exportAs(b.cookie, "csv"))).toEqual(csvFiles(await exportAs(a.cookie, "csv")));
  });

  it("merges without duplicates: a re-import skips everything and keeps the data unchanged", async () => {
    t = await createTestApp();
    const { cookie } = await userWithSessions();
    const exported = dataExportSchema.parse((await exportAs(cookie)).json());
    const res = await importAs(cookie, exported);
    expect(res.json()).toEqual({ imported: 0, skipped: 3, breaksOverDailyLimit: 0, settingsApplied: true });
    expect(content(dataExportSchema.parse((await exportAs(cookie)).json()))).toEqual(content(exported));
  });

  it("dedupes by clientId when present, else by start, type and duration, also within the document", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const clientId = randomUUID();
    await post(cookie, { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true, clientId });
    await post(cookie, { startTime: "2026-03-01T09:00:00Z", duration: 300, type: "break", completed: true });
    const document: DataExport = {
      version: 1,
      exportedAt: new Date().toISOString(),
      settings: { ...DEFAULT_SETTINGS, shortBreakDuration: 7 },
      sessions: [
        // Same clientId (even with another start): already there.
        { startTime: "2026-03-05T09:00:00.000Z", duration: 1500, type: "focus", completed: true, clientId },
        // Same start (with an offset), type and duration, no clientId: already there.
        { startTime: "2026-03-01T10:00:00+01:00", duration: 300, type: "break", completed: true },
        // New, and its copy inside the document.
        { startTime: "2026-03-03T09:00:00.000Z", duration: 1500, type: "focus", completed: true },
        { startTime: "2026-03-03T09:00:00.000Z", duration: 1500, type: "focus", completed: true },
        // Same start but another duration: a different session.
        { startTime: "2026-03-01T09:00:00.000Z", duration: 900, type: "break", completed: true },
      ],
    };
    const res = await importAs(cookie, document);
    expect(res.json()).toEqual({ imported: 2, skipped: 3, breaksOverDailyLimit: 0, settingsApplied: true });
    const after = dataExportSchema.parse((await exportAs(cookie)).json());
    expect(after.sessions).toHaveLength(4);
    expect(after.settings?.shortBreakDuration).toBe(7);
  });

  it("refuses a document that is not an export with 400 and changes nothing", async () => {
    t = await createTestApp();
    const { cookie } = await userWithSessions();
    const before = csvFiles(await exportAs(cookie, "csv"));
    const bad = [
      { sessions: [] },
      { version: 2, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions: [] },
      {
        version: 1,
        exportedAt: new Date().toISOString(),
        settings: DEFAULT_SETTINGS,
        sessions: [{ startTime: "yesterday", duration: 1500, type: "focus", completed: true }],
      },
      { version: 1, exportedAt: new Date().toISOString(), settings: { ...DEFAULT_SETTINGS, focusDuration: 999 }, sessions: [] },
    ];
    for (const payload of bad) {
      const res = await importAs(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(csvFiles(await exportAs(cookie, "csv"))).toEqual(before);
  });

  it("applies the Free plan's daily limit to an import: a day with more than 2 focus sessions is refused with 403, nothing imported", async () => {
    t = await createTestApp();
    const user = await registerUser(t.app);
    await t.app.db
      .updateTable("users")
      .set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", user.res.json().user.id)
      .execute();
    await post(user.cookie, { startTime: "2026-03-02T08:00:00Z", duration: 1500, type: "focus", completed: true });
    const focus = (startTime: string) => ({ startTime, duration: 1500, type: "focus" as const, completed: true, clientId: randomUUID() });
    const document: DataExport = {
      version: 1,
      exportedAt: "2026-03-03T00:00:00.000Z",
      settings: DEFAULT_SETTINGS,
      sessions: [focus("2026-03-02T09:00:00Z"), focus("2026-03-02T10:00:00Z")],
    };
    const refused = await importAs(user.cookie, document);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^This import would give 2026-03-02 more than the Free plan's 2 focus sessions a day\./);
    const sessions = await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: user.cookie } });
    // Nothing of it was imported (the list itself shows the Free plan's last 7 days only).
    const all = await t.app.db.selectFrom("focus_sessions").select("start_time").where("user_id", "=", user.res.json().user.id).execute();
    expect(all).toHaveLength(1);
    expect(sessions.statusCode).toBe(200);

    // One a day fits.
    const fits = await importAs(user.cookie, { ...document, sessions: [focus("2026-03-02T09:00:00Z"), focus("2026-03-04T09:00:00Z")] });
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ imported: 2, skipped: 0 });
  });

  it("accepts an import larger than the default body limit", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const start = Date.parse("2025-01-01T08:00:00Z");
    const sessions = Array.from({ length: 2000 }, (_, i) => ({
      startTime: new Date(start + i * 3_600_000).toISOString(),
      duration: 1500,
      type: "focus" as const,
      completed: true,
      clientId: randomUUID(),
    }));
    const res = await importAs(cookie, { version: 1, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions });
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toBe(2000);
  });

  /** An export document of `count` sessions an hour apart from 2025-01-01 (all new to any account). */
  function bigDocument(count: number, start = Date.parse("2025-01-01T08:00:00Z")): DataExport {
    const sessions = Array.from({ length: count }, (_, i) => ({
      startTime: new Date(start + i * 3_600_000).toISOString(),
      duration: 1500,
      type: "focus" as const,
      completed: true,
      clientId: randomUUID(),
    }));
    return { version: 1, exportedAt: new Date().toISOString(), settings: DEFAULT_SETTINGS, sessions };
  }

  /**
   * Resolves once an import of the user is under way: on SQLite its first batch is stored; on
   * PostgreSQL (one transaction, invisible until it commits) it holds the import's advisory lock.
   */
  async function importHasBegun(userId: number): Promise<void> {
    for (;;) {
      const begun =
        TEST_ENGINE === "postgres"
          ? (await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and classid = 7301 and objid = ${userId}`.execute(t.app.db)).rows[0]?.n !== "0"
          : (await t.app.db.selectFrom("focus_sessions").select("id").where("user_id", "=", userId).executeTakeFirst()) !== undefined;
      if (begun) return;
      await setImmediate();
    }
  }

  it("runs one import at a time per account: a second one while the first runs gets 409, and the first records everything", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const firstImport = importAs(cookie, bigDocument(5000));
    await importHasBegun(res.json().user.id);
    const [first, second] = await Promise.all([firstImport, importAs(cookie, bigDocument(3, Date.parse("2020-01-01T08:00:00Z")))]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
    expect(first.json()).toEqual({ imported: 5000, skipped: 0, breaksOverDailyLimit: 0, settingsApplied: true });
    expect(second.json().message).toBe("An import is already running for this account. Please wait for it to finish, then try again.");
    // Once it finished, the account imports again.
    const after = await importAs(cookie, bigDocument(3, Date.parse("2020-01-01T08:00:00Z")));
    expect(after.json()).toMatchObject({ imported: 3 });
  });

  it("writes a large import in batches, so other requests' queries run between them (on PostgreSQL all or nothing is visible)", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    let finished = false;
    const importing = importAs(cookie, bigDocument(5000)).finally(() => (finished = true));
    // What another request sees meanwhile: with one long transaction only 0, then 5000.
    const seen = new Set<number>();
    while (!finished) {
      const row = await t.app.db.selectFrom("focus_sessions").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
      seen.add(Number(row.n));
      await setImmediate();
    }
    expect((await importing).json()).toMatchObject({ imported: 5000 });
    seen.add(5000);
    if (TEST_ENGINE === "postgres") {
      // One transaction: other requests ran meanwhile and saw nothing of it until it was whole.
      expect([...seen].sort((a, b) => a - b)).toEqual([0, 5000]);
    } else {
      expect([...seen].some((n) => n > 0 && n < 5000), `counts seen: ${[...seen].join(", ")}`).toBe(true);
    }
  });

  it("holds a session posted during the account's own import until it ends: a Free user never gets a third focus session in a day", async () => {
    t = await createTestApp();
    const user = await registerUser(t.app);
    const userId: number = user.res.json().user.id;
    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", userId).execute();
    // 3,000 sessions on past days (many batches), then two focus sessions yesterday: the day's limit, met by the import.
    const yesterday = new Date(Date.now() - 24 * 3_600_000);
    yesterday.setUTCHours(9, 0, 0, 0);
    const focus = (at: number) => ({ startTime: new Date(at).toISOString(), duration: 1500, type: "focus" as const, completed: true, clientId: randomUUID() });
    const document = bigDocument(3000, Date.parse("2020-01-01T08:00:00Z"));
    document.sessions = document.sessions.map((session) => ({ ...session, type: "break" as const, duration: 300 }));
    document.sessions.push(focus(yesterday.getTime()), focus(yesterday.getTime() + 3_600_000));
    const importing = importAs(user.cookie, document);
    // Once the import has begun, the user records a third focus session on that day.
    await importHasBegun(userId);
    const third = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie: user.cookie, "x-time-zone": "UTC" },
      payload: focus(yesterday.getTime() + 2 * 3_600_000),
    });
    expect((await importing).json()).toMatchObject({ imported: 3002 });
    expect(third.statusCode).toBe(403);
    const focusThatDay = await t.app.db
      .selectFrom("focus_sessions")
      .select("start_time")
      .where("user_id", "=", userId)
      .where("type", "=", "focus")
      .execute();
    expect(focusThatDay).toHaveLength(2);
  });

  it("limits imports to 5 per account in 10 minutes: the sixth gets 429 with Retry-After, whatever the address", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let n = 0; n < 5; n++) {
      const res = await t.app.inject({ method: "POST", url: "/api/import", headers: { cookie }, remoteAddress: `10.1.0.${n + 1}`, payload: bigDocument(1) });
      expect(res.statusCode, `import ${n + 1}`).toBe(200);
    }
    const refused = await t.app.inject({ method: "POST", url: "/api/import", headers: { cookie }, remoteAddress: "10.1.0.9", payload: bigDocument(1) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts, please try again in/);
    // Another account is not affected.
    expect((await importAs(other.cookie, bigDocument(1))).statusCode).toBe(200);
  });

  it("refuses an import that would take the account past 100,000 sessions with 409, and imports nothing", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    // 99,999 sessions already stored, written by one statement (importing them would take long).
    const createdAt = new Date().toISOString();
    if (TEST_ENGINE === "postgres") {
      await sql`INSERT INTO focus_sessions (user_id, start_time, duration, type, completed, client_id, created_at)
        SELECT ${userId}, to_char(timestamp '2001-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 60, 'break', 1, NULL, ${createdAt}
        FROM generate_series(0, 99998) AS n`.execute(t.app.db);
    } else {
      await sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99998)
        INSERT INTO focus_sessions (user_id, start_time, duration, type, completed, client_id, created_at)
        SELECT ${userId}, strftime('%Y-%m-%dT%H:%M:%fZ', '2001-01-01', '+' || i || ' minutes'), 60, 'break', 1, NULL, ${createdAt} FROM n`.execute(t.app.db);
    }
    await recountSessions(userId);
    const refused = await importAs(cookie, bigDocument(2));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This import would take your history past 100,000 sessions (you have 99,999 and the file adds 2). Import a smaller file.");
    const count = await t.app.db.selectFrom("focus_sessions").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(99_999);
    // One more still fits.
    expect((await importAs(cookie, bigDocument(1))).json()).toMatchObject({ imported: 1 });
    // The account now holds 100,000: a session posted, or ended by the account's timer, is refused too.
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: { cookie },
      payload: { startTime: new Date(Date.now() - 1_500_000).toISOString(), duration: 1500, type: "focus", completed: true },
    });
    expect(posted.statusCode).toBe(409);
    expect(posted.json().message).toBe("Your history already holds 100,000 sessions, the most one account keeps. This session was not recorded.");
  });

  /** Stores `count` break sessions a minute apart from 2001-01-01 for the user, in one statement. */
  async function storeSessions(userId: number, count: number): Promise<void> {
    const createdAt = new Date().toISOString();
    if (TEST_ENGINE === "postgres") {
      await sql`INSERT INTO focus_sessions (user_id, start_time, duration, type, completed, client_id, created_at)
        SELECT ${userId}, to_char(timestamp '2001-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 60, 'break', 1, NULL, ${createdAt}
        FROM generate_series(0, ${count - 1}) AS n`.execute(t.app.db);
    } else {
      await sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
        INSERT INTO focus_sessions (user_id, start_time, duration, type, completed, client_id, created_at)
        SELECT ${userId}, strftime('%Y-%m-%dT%H:%M:%fZ', '2001-01-01', '+' || i || ' minutes'), 60, 'break', 1, NULL, ${createdAt} FROM n`.execute(t.app.db);
    }
    await recountSessions(userId);
  }

  /** Sets the user's count in `session_counts` to the rows written straight into the database above (as the migration that made it counts them). */
  async function recountSessions(userId: number): Promise<void> {
    await sql`INSERT INTO session_counts (user_id, count) SELECT user_id, COUNT(*) FROM focus_sessions WHERE user_id = ${userId} GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET count = excluded.count`.execute(t.app.db);
  }

  it("streams a long history page by page: the JSON is the same document, every session once, oldest first; the zip holds every line", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    // Pages of EXPORT_PAGE_SIZE (500): 2,500 crosses four page boundaries; three sessions share one start time (focus sessions: the stored breaks fill that day's 100).
    await storeSessions(userId, 2497);
    for (let i = 0; i < 3; i++) await post(cookie, { startTime: "2001-01-01T12:00:00.000Z", duration: 61 + i, type: "focus", completed: true });
    const json = await exportAs(cookie, "json");
    expect(json.statusCode).toBe(200);
    const document = dataExportSchema.parse(json.json());
    // Exactly the text JSON.stringify(document, null, 2) gives.
    expect(json.body).toBe(JSON.stringify(json.json(), null, 2));
    expect(document.sessions).toHaveLength(2500);
    const starts = document.sessions.map((session) => session.startTime);
    expect([...starts].sort()).toEqual(starts);
    expect(new Set(document.sessions.map((session) => `${session.startTime} ${session.duration}`)).size).toBe(2500);
    const zip = unzipSync(new Uint8Array((await exportAs(cookie, "csv")).rawPayload));
    expect(strFromU8(zip["sessions.csv"] as Uint8Array).trimEnd().split("\r\n")).toHaveLength(2501);
    // An account with no sessions exports an empty list.
    const empty = await registerUser(t.app);
    const none = await exportAs(empty.cookie, "json");
    expect(none.body).toBe(JSON.stringify(none.json(), null, 2));
    expect(none.json().sessions).toEqual([]);
  });

  it("runs one export per account at a time (409) and limits exports to 6 per account in 10 minutes (429)", async () => {
    t = await createTestApp();
    const { cookie, res } = await registerUser(t.app);
    await storeSessions(res.json().user.id, 20_000);
    const [first, second] = await Promise.all([exportAs(cookie, "json"), exportAs(cookie, "csv")]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().message).toBe("An export of your data is already being prepared. Please wait for it to finish, then try again.");
    // Once it ended, the account exports again, up to the limit.
    for (let n = 3; n <= 6; n++) expect((await exportAs(cookie, "csv")).statusCode, `export ${n}`).toBe(200);
    const limited = await exportAs(cookie, "json");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("runs one export per account across instances: the other instance answers 409 while one streams", async () => {
    t = await createTestApp();
    const b = await t.rebuild();
    const { cookie, res } = await registerUser(t.app);
    await storeSessions(res.json().user.id, 20_000);
    const [first, second] = await Promise.all([exportAs(cookie, "json"), b.inject({ method: "GET", url: "/api/export?format=csv", headers: { cookie } })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    // The lease is released when the download ends: either instance exports again.
    expect((await b.inject({ method: "GET", url: "/api/export?format=json", headers: { cookie } })).statusCode).toBe(200);
  });

  it.skipIf(TEST_ENGINE !== "postgres")("runs one import per account across instances: the same file through another instance while the first runs gets 409, nothing doubled", async () => {
    t = await createTestApp();
    const b = await t.rebuild();
    const { cookie, res } = await registerUser(t.app);
    const userId: number = res.json().user.id;
    const document = bigDocument(3000);
    // Without clientIds, so only the stored sessions (not the ids) could tell them apart.
    document.sessions = document.sessions.map(({ clientId: _clientId, ...session }) => session);
    const first = importAs(cookie, document);
    await importHasBegun(userId);
    const second = await b.inject({ method: "POST", url: "/api/import", headers: { cookie }, payload: document });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("An import is already running for this account. Please wait for it to finish, then try again.");
    expect((await first).json()).toMatchObject({ imported: 3000, skipped: 0 });
    const count = await t.app.db.selectFrom("focus_sessions").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3000);
  });
});
