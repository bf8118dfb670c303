/**
 * The Website Shield's watch (`docs/product.md`, A shield that says when it is down; Shield off):
 * notes each linked device's reports (any frame counts as heard, its `shield_status` brings the
 * details), and every `checkMs` looks for users whose switched-on paired browsers have all been
 * quiet for `offAfterMs` while a focus session runs: it opens a shield-off interval from their
 * last report, and closes it when a report comes again or the session stops. Each change is
 * told to the user's pages (`shield_changed`). Works on every instance alike: the database holds
 * the reports and allows one open interval per user.
 */
import type { ShieldReport } from "@focus/core/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { findAccountTimer } from "../repositories/accountTimers";
import { closeShieldOff, openShieldOff, saveDeviceReport, usersGoneQuiet, usersWithOpenInterval } from "../repositories/shieldStatus";
import type { UserNotifier } from "./ports";

/** A device's frames are written as heard at most this often, ms (its explicit reports always). */
export const HEARD_WRITE_INTERVAL_MS = 10_000;

export interface ShieldWatchOptions {
  db: Kysely<Database>;
  /** Where `shield_changed` goes (the live hub). */
  hub: UserNotifier;
  offAfterMs: number;
  checkMs: number;
  log: { warn(object: object, message: string): void };
  now?: () => number;
}

/** The focus session that runs for `userId` at `now`: its start (ISO 8601), or null when none runs. */
async function runningFocusStart(db: Kysely<Database>, userId: number, now: number): Promise<string | null> {
  const timer = (await findAccountTimer(db, userId))?.timer;
  if (!timer || timer.mode !== "focus" || timer.status !== "running") return null;
  if (timer.endsAt !== null && timer.endsAt <= now) return null;
  return timer.sessionStartTime === null ? null : new Date(timer.sessionStartTime).toISOString();
}

export class ShieldWatch {
  private readonly now: () => number;
  private readonly written = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(private readonly options: ShieldWatchOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  /** A paired browser counts as not reporting after this long without a report, ms. */
  get offAfterMs(): number {
    return this.options.offAfterMs;
  }

  /** Starts looking every `checkMs`. */
  start(): void {
    this.timer ??= setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Device `deviceId` of `userId` was heard, with its report when it sent one; ends an open shield-off interval. */
  async heard(userId: number, deviceId: number, report: ShieldReport | null): Promise<void> {
    const now = this.now();
    const last = this.written.get(deviceId) ?? 0;
    if (report === null && now - last < HEARD_WRITE_INTERVAL_MS) return;
    this.written.set(deviceId, now);
    await saveDeviceReport(this.options.db, deviceId, new Date(now), report);
    const closed = await closeShieldOff(this.options.db, userId, new Date(now).toISOString());
    if (closed || report !== null) this.options.hub.notifyUser(userId, { type: "shield_changed" });
  }

  /** One look (see the file comment); one at a time. */
  check(): Promise<void> {
    this.checking ??= this.look()
      .catch((error: unknown) => this.options.log.warn({ err: error }, "shield watch: a look failed"))
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async look(): Promise<void> {
    const { db, hub, offAfterMs } = this.options;
    const now = this.now();
    for (const { userId, lastReport } of await usersGoneQuiet(db, new Date(now - offAfterMs).toISOString())) {
      const sessionStart = await runningFocusStart(db, userId, now);
      if (sessionStart !== null && (await openShieldOff(db, userId, lastReport, sessionStart))) hub.notifyUser(userId, { type: "shield_changed" });
    }
    for (const userId of await usersWithOpenInterval(db)) {
      if ((await runningFocusStart(db, userId, now)) === null && (await closeShieldOff(db, userId, new Date(now).toISOString()))) {
        hub.notifyUser(userId, { type: "shield_changed" });
      }
    }
  }
}
