/**
 * Helpers for the account's timer end to end: put a running focus session into a user's account
 * timer as if one of their devices had started it minutes ago (the server keeps the timer in its
 * database, so a test cannot wait 25 minutes for an end), make a browser context's clock run
 * fast, and read what a page shows.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { applyTimerCommands, newAccountTimer, newTimerSeed, nextSettleAt, type AccountTimer } from "@focus/core/timer";
import type { BrowserContext, Page } from "playwright-core";
import type { RunningServer } from "./harness";

type SqliteDatabase = {
  prepare(sql: string): { run(...args: unknown[]): unknown; get(...args: unknown[]): unknown };
  close(): void;
};
/** The API's own SQLite driver (the test reaches into the database as an operator would). */
const Database = createRequire(new URL("../apps/api/package.json", import.meta.url))("better-sqlite3") as new (file: string) => SqliteDatabase;

/**
 * Stores, as `username`'s account timer, a focus session of the default 25 minutes that
 * started `startedAgoMs` ago (the server's clock is this machine's). Devices that open the app
 * afterwards are greeted with it. Returns the timer stored.
 */
export function putRunningFocus(server: RunningServer, username: string, startedAgoMs: number): AccountTimer {
  const startedAt = Date.now() - startedAgoMs;
  const env = {
    settings: DEFAULT_SETTINGS,
    access: { isGuest: false, subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null }, guestSessionUsedOn: null, focusSessionsToday: 0 },
    now: startedAt,
  } as const;
  const start = { id: randomUUID(), command: { type: "start" as const }, at: startedAt };
  const { timer } = applyTimerCommands(newAccountTimer(DEFAULT_SETTINGS, newTimerSeed(), startedAt - 1000), [start], 0, env);
  const db = new Database(join(server.dataDir, "focus.db"));
  try {
    const user = db.prepare("SELECT id FROM users WHERE lower(username) = lower(?)").get(username) as { id: number } | undefined;
    if (!user) throw new Error(`no user ${username}`);
    db.prepare(
      "INSERT INTO account_timers (user_id, timer, settle_at, time_zone) VALUES (?, ?, ?, ?) " +
        "ON CONFLICT(user_id) DO UPDATE SET timer = excluded.timer, settle_at = excluded.settle_at",
    ).run(user.id, JSON.stringify(timer), nextSettleAt(timer), "UTC");
  } finally {
    db.close();
  }
  return timer;
}

/** Makes every page of `context` read a clock `offsetMs` ahead of the machine's (`Date` and `Date.now`). */
export async function shiftClock(context: BrowserContext, offsetMs: number): Promise<void> {
  await context.addInitScript((offset: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as [number]));
      }
      static override now(): number {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, offsetMs);
}

/** Seconds left as the Focus Arena shows them (mm:ss). */
export async function shownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId("timer-display").textContent()) ?? "";
  const [mm, ss] = text.split(":").map(Number);
  return (mm ?? 0) * 60 + (ss ?? 0);
}

/** Signs `page` in through the /auth form (password "calm-focus-42", as `registerInUi` sets). Resolves on /app. */
export async function signInInUi(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/auth?tab=login`);
  await page.getByLabel("Username or Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("calm-focus-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${baseUrl}/app`);
}

/**
 * Moves `username`'s running session `ms` into the past, as if it had started that much earlier
 * (the server's copy; a device learns it when it next connects, e.g. on a reload), once the
 * server has it running (a start given on a page reaches the server a moment later). Returns the
 * timer stored.
 */
export async function moveSessionBack(server: RunningServer, username: string, ms: number): Promise<AccountTimer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return moveRunningSessionBack(server, username, ms);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function moveRunningSessionBack(server: RunningServer, username: string, ms: number): AccountTimer {
  const db = new Database(join(server.dataDir, "focus.db"));
  try {
    const row = db
      .prepare("SELECT t.timer AS timer, u.id AS id FROM account_timers t JOIN users u ON u.id = t.user_id WHERE lower(u.username) = lower(?)")
      .get(username) as { timer: string; id: number } | undefined;
    if (!row) throw new Error(`no account timer for ${username}`);
    const timer = JSON.parse(row.timer) as AccountTimer;
    if (timer.status !== "running" || timer.endsAt === null || timer.sessionStartTime === null) throw new Error(`${username}'s timer is not running`);
    const moved: AccountTimer = {
      ...timer,
      endsAt: timer.endsAt - ms,
      sessionStartTime: timer.sessionStartTime - ms,
      updatedAt: timer.updatedAt - ms,
      version: timer.version + 1,
    };
    db.prepare("UPDATE account_timers SET timer = ?, settle_at = ? WHERE user_id = ?").run(JSON.stringify(moved), nextSettleAt(moved), row.id);
    return moved;
  } finally {
    db.close();
  }
}

/** The browser key of this device's copy of a signed-in user's account timer (the web app's `runtime/accountTimerSync.ts`). */
const ACCOUNT_TIMER_KEY = /^focus:u:\d+:account-timer$/;

/** This device's copy of the signed-in user's account timer, as the page keeps it (null when none). */
export async function deviceAccountTimer(page: Page): Promise<AccountTimer | null> {
  return page.evaluate((pattern) => {
    const key = Object.keys(localStorage).find((k) => new RegExp(pattern).test(k));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "null") as AccountTimer | null) : null;
  }, ACCOUNT_TIMER_KEY.source);
}

/** Moves the running session this browser keeps (its copy of the account's timer) `ms` into the past, as `moveSessionBack` does on the server. */
export async function moveSavedSessionBack(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    ({ by, pattern }) => {
      const key = Object.keys(localStorage).find((k) => new RegExp(pattern).test(k));
      const saved = key ? (JSON.parse(localStorage.getItem(key) ?? "null") as { endsAt: number | null; sessionStartTime: number | null } | null) : null;
      if (!key || !saved || saved.endsAt === null || saved.sessionStartTime === null) throw new Error("no running timer kept on this device");
      localStorage.setItem(key, JSON.stringify({ ...saved, endsAt: saved.endsAt - by, sessionStartTime: saved.sessionStartTime - by }));
    },
    { by: ms, pattern: ACCOUNT_TIMER_KEY.source },
  );
}

/** `username`'s account timer as the server's database holds it (null when none is stored yet). */
export function storedAccountTimer(server: RunningServer, username: string): AccountTimer | null {
  const db = new Database(join(server.dataDir, "focus.db"));
  try {
    const row = db
      .prepare("SELECT t.timer AS timer FROM account_timers t JOIN users u ON u.id = t.user_id WHERE lower(u.username) = lower(?)")
      .get(username) as { timer: string } | undefined;
    return row ? (JSON.parse(row.timer) as AccountTimer) : null;
  } finally {
    db.close();
  }
}

/**
 * Whether the server has settled `timer`'s session itself (recorded it and moved on), as it does at
 * the session's end while a device of the user is connected.
 */
export function settledOnServer(server: RunningServer, username: string, timer: AccountTimer): boolean {
  const stored = storedAccountTimer(server, username);
  return stored !== null && stored.lastCompletedAt !== null && stored.lastCompletedAt >= (timer.endsAt ?? Number.POSITIVE_INFINITY);
}

/**
 * How many writes wait in this browser's outbox (IndexedDB `focus-flow-outbox`) for the server to
 * take them: 0 once every session the page recorded has been acknowledged. Never creates the
 * database (an empty one would keep the app from creating its store).
 */
export function outboxWaiting(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === "focus-flow-outbox")) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("focus-flow-outbox");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains("items")) return 0;
      return await new Promise<number>((resolve, reject) => {
        const count = db.transaction("items").objectStore("items").count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      });
    } finally {
      db.close();
    }
  });
}

/** What a page showed at one moment: its path, its title and the header timer's label (if any). */
export interface Shown {
  path: string;
  title: string;
  header: string | null;
}

/**
 * Keeps, in every page of `context`, each change of what the page shows of the timer (its title
 * and the header timer's label, `data-testid="header-timer"`) with the path it was on: what the
 * user saw, recorded by the page as it happened, so a slow test process reading it later misses
 * nothing. Read with `timerSeen`.
 */
export async function recordTimerSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: { path: string; title: string; header: string | null }[] = [];
    (window as unknown as { __timerSeen: typeof seen }).__timerSeen = seen;
    const note = () => {
      const header = document.querySelector('[data-testid="header-timer"]')?.getAttribute("aria-label") ?? null;
      const now = { path: location.pathname, title: document.title, header };
      const last = seen[seen.length - 1];
      if (!last || last.path !== now.path || last.title !== now.title || last.header !== now.header) seen.push(now);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-label"] });
  });
}

/** What this page showed of the timer so far, in order (`recordTimerSeen`). */
export function timerSeen(page: Page): Promise<Shown[]> {
  return page.evaluate(() => (window as unknown as { __timerSeen?: Shown[] }).__timerSeen ?? []);
}

/**
 * Leaves `leftMs` of `username`'s paused session, as if it had run that much longer before the
 * pause (the server's copy; the session's start moves back by as much, so it keeps its length).
 * The page learns it on a reload; its Resume then ends the session `leftMs` later on the device's
 * own clock, with no race between the test's steps and the end. Returns the timer stored.
 */
export async function leavePausedSessionLeft(server: RunningServer, username: string, leftMs: number): Promise<AccountTimer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const timer = storedAccountTimer(server, username);
    if (timer?.status === "paused") {
      const moved: AccountTimer = {
        ...timer,
        remainingMs: leftMs,
        sessionStartTime: timer.sessionStartTime === null ? null : timer.sessionStartTime - (timer.remainingMs - leftMs),
        version: timer.version + 1,
      };
      const db = new Database(join(server.dataDir, "focus.db"));
      try {
        db.prepare("UPDATE account_timers SET timer = ?, settle_at = ? WHERE user_id = (SELECT id FROM users WHERE lower(username) = lower(?))").run(
          JSON.stringify(moved),
          nextSettleAt(moved),
          username,
        );
      } finally {
        db.close();
      }
      return moved;
    }
    if (Date.now() > deadline) throw new Error(`${username}'s timer is not paused: ${JSON.stringify(timer)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Makes the running focus session on `page` (signed in as `username`, on /app) end `leftMs` after
 * this call returns: paused there, left `leftMs` on the server, the page reloaded (it takes the
 * account's timer again) and resumed. The device knows the end from its own Resume, so however slow
 * the machine, nothing of the session's last seconds is missed. Returns the running timer as the
 * server stored it after the Resume.
 */
export async function resumeForLastMs(page: Page, server: RunningServer, username: string, leftMs: number): Promise<AccountTimer> {
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Resume" }).waitFor();
  const paused = await leavePausedSessionLeft(server, username, leftMs);
  await page.reload();
  const resume = page.getByRole("button", { name: "Resume" });
  await resume.waitFor();
  const shownLeft = `00:${String(Math.ceil(leftMs / 1000)).padStart(2, "0")}`;
  await page.getByTestId("timer-display").filter({ hasText: shownLeft }).waitFor();
  await resume.click();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const timer = storedAccountTimer(server, username);
    if (timer && timer.status === "running" && timer.version > paused.version) return timer;
    if (Date.now() > deadline) throw new Error(`the Resume did not reach the server: ${JSON.stringify(timer)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
