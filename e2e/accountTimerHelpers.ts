/**
 * Helpers for the account's timer end to end: put a running focus session into a user's account
 * timer as if one of their devices had started it minutes ago (the server keeps the timer in its
 * database, so a test cannot wait 25 minutes for an end), make a browser context's clock run
 * fast, and read what a page shows.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { applyTimerCommands, DEFAULT_SETTINGS, newAccountTimer, newTimerSeed, nextSettleAt, type AccountTimer } from "@focus/core";
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
