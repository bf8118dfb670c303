/**
 * The user's settings (`docs/product.md`, Settings). Reading gives the stored values over the
 * defaults. Saving: a device sends only the settings that changed, and they are merged over the
 * stored ones in one transaction that holds the user's row lock, so two devices saving at once
 * both keep their change; the whole is validated again. During a strict focus session a change
 * that loosens the Shield is refused (409). The same transaction brings the account's timer to
 * the new settings (a waiting session takes its new length, `domain/accountTimer.ts`), so the
 * settings and the timer they give commit together or not at all.
 */
import { settingsSchema, type Settings, type SettingsUpdate } from "@focus/core/schemas";
import { loosensShield, STRICT_SHIELD_MESSAGES } from "@focus/core/timer";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { writeTransaction } from "../db/groupCommit";
import { getSettings, saveSettings } from "../repositories/settings";
import { lockUserRow } from "../repositories/users";
import { assertNoStrictSession, settleTimerIn, type TimerLogger } from "./accountTimer";
import type { TimerQueue, UserNotifier } from "./ports";
import { sessionWriteGate } from "./sessionWrites";

/** Drops keys whose value is undefined so they do not erase stored values. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The user's settings: the stored values over the defaults (all defaults when never saved; a
 * stored value that no longer validates falls back to its default).
 */
export function settingsOf(db: Kysely<Database>, userId: number): Promise<Settings> {
  return getSettings(db, userId);
}

/** What saving the settings asks of the adapters (`domain/ports.ts`). */
export interface SettingsSavePorts {
  /** The user's timer work (the account timers): the save takes its place there, and its settled timer reaches every device. */
  timers: TimerQueue;
  /** Tells the user's devices `settings_changed` once the save has committed. */
  devices: UserNotifier;
  /** Where a session the settle could not record is logged. */
  log: TimerLogger;
  /** The server's clock, epoch ms, read when the save runs; `Date.now` by default. */
  now?: () => number;
}

/**
 * Merges `changes` over the user's stored settings, stores the whole and settles the account's
 * timer on it, in one transaction (and the user's session write gate, as the settle may record
 * a session that ended). It runs in the user's timer queue (`ports.timers`), after their earlier
 * timer work: once it has committed, the devices hear `settings_changed`, then the settled timer.
 * @returns the stored settings.
 * @throws HttpError 409 when the change loosens the Shield during a strict focus session;
 *   whatever the transaction throws. Either way nothing is stored and nobody is told.
 */
export function saveSettingsChanges(db: Kysely<Database>, userId: number, changes: SettingsUpdate, ports: SettingsSavePorts): Promise<Settings> {
  const clock = ports.now ?? Date.now;
  return ports.timers.runInOrder(userId, async () => {
    const done = await sessionWriteGate(db).write(userId, () =>
      writeTransaction(db, async (trx) => {
        const now = clock();
        await lockUserRow(trx, userId);
        const current = await getSettings(trx, userId);
        const next = settingsSchema.parse({ ...current, ...stripUndefined(changes) });
        // The Shield only gets stricter during a strict focus session.
        if (loosensShield(current, next)) await assertNoStrictSession(trx, userId, now, STRICT_SHIELD_MESSAGES.settings);
        const result = await saveSettings(trx, userId, next);
        // A waiting session takes its new length (the settle reads the settings just stored).
        const run = await settleTimerIn(trx, userId, now, ports.log);
        return { result, run };
      }),
    );
    ports.devices.notifyUser(userId, { type: "settings_changed" });
    return done;
  });
}
