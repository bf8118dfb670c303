/**
 * What the extension keeps in `chrome.storage.local` (the service worker may be
 * killed at any time, so nothing lives only in memory). Each key is validated when read; a
 * value that does not parse counts as absent.
 */
import { END_WARNINGS } from "@focus/core/constants";
import { type SharedTimerState, sharedTimerStateSchema } from "@focus/core/protocol";
import { DELAY_PASSES_LIMITS, SHIELD_MODES, shieldScheduleSchema } from "@focus/core/schemas";
import { z } from "zod";
import type { ChromeAdapter } from "./chromeAdapter";

export const STORAGE_KEYS = {
  pairing: "pairing",
  timer: "timer",
  blocklist: "blocklist",
  connection: "connection",
  blocking: "blocking",
  clockOffset: "clockOffset",
  passes: "passes",
  pendingReports: "pendingReports",
  scheduleHold: "scheduleHold",
} as const;

/**
 * The device token and the API it belongs to; `paused` while the device is switched off;
 * `revoked` once the server unlinked it during a strict session or a schedule's window, which
 * it keeps blocking through (strict.ts `holdsFast`) before it lets the pairing go.
 */
export const pairingSchema = z.object({
  token: z.string().min(1),
  apiOrigin: z.string().min(1),
  paused: z.boolean(),
  revoked: z.boolean().optional(),
  /** The account the token belongs to (from `GET /api/me` at pairing; absent for pairings made by older versions). */
  userId: z.number().int().optional(),
});
export type Pairing = z.infer<typeof pairingSchema>;

/**
 * The user's blocklist entries (sites, paths, `+` exceptions, core's siteRule.ts) as last
 * fetched from the API. A list kept by an older version (`domains`) reads as entries.
 */
export const blocklistSchema = z.preprocess(
  (value) => (value && typeof value === "object" && "domains" in value && !("entries" in value) ? { ...value, entries: value.domains } : value),
  z.object({
    entries: z.array(z.string()),
    /** Entries that show the delay page instead of a wall. */
    delayed: z.array(z.string()).default([]),
    mode: z.enum(SHIELD_MODES).default("blocklist"),
    /** Passes a day through delay pages (the user's setting). */
    passesPerDay: z.number().int().min(0).default(DELAY_PASSES_LIMITS.default),
    /** Recurring block windows (core's schedule.ts): the Shield blocks in them without a timer. */
    schedules: z.array(shieldScheduleSchema).default([]),
    /** The account's time zone the schedules are read in (null, or kept by an older version: this browser's zone). */
    timeZone: z.string().nullable().default(null),
    /** The title of the task the focus session counts for, when fetched; shown on the blocked page. */
    sessionTask: z.string().nullable().default(null),
    /** The user's "Warn before the end" setting (kept by older versions without it: off). */
    endWarning: z.enum(END_WARNINGS).default("off"),
    /** The focus session's intention, when fetched; shown on the blocked page. */
    sessionIntention: z.string().nullish(),
    /** The delay passes the account took on its local day `day` (in `timeZone`), in any browser, when fetched (`passes.ts`). */
    passesTaken: z.object({ day: z.string(), count: z.number().int().min(0) }).nullish(),
    fetchedAt: z.number(),
  }),
);
export type Blocklist = z.infer<typeof blocklistSchema>;

/**
 * Today's use of the Shield on this browser: the local day (YYYY-MM-DD), the passes taken
 * through delay pages, the visits stopped (reported), and the passes still open (the entry and
 * when its pass ends, epoch ms on the server's clock).
 */
export const passesSchema = z.object({
  day: z.string(),
  used: z.number().int().min(0),
  stopped: z.number().int().min(0).default(0),
  open: z.array(z.object({ entry: z.string(), until: z.number() })),
});
export type Passes = z.infer<typeof passesSchema>;

/** A report the API has not taken yet (no answer): sent again later with its own time. */
export const pendingReportSchema = z.object({
  domain: z.string().min(1).max(253),
  at: z.string().min(1).max(40),
  kind: z.enum(["blocked", "pass", "turned_back"]).optional(),
});
export type PendingReport = z.infer<typeof pendingReportSchema>;

/** Most reports kept waiting (the oldest go first). */
export const MAX_PENDING_REPORTS = 200;

/** The live connection as the worker last saw it. */
export const connectionSchema = z.enum(["connecting", "open", "closed"]);
export type Connection = z.infer<typeof connectionSchema>;

/**
 * What the installed rules were built from, so an unchanged state is not reinstalled, and the
 * entries whose rules Chrome refused (reported, `docs/product.md`, A shield that says when it is down).
 */
export const blockingSchema = z.object({ signature: z.string(), failed: z.array(z.string()).max(500).default([]) });

export interface StoredState {
  pairing: Pairing | null;
  /** The last timer state from the web app, with an end time while running (`receivedTimer`). */
  timer: SharedTimerState | null;
  blocklist: Blocklist | null;
  connection: Connection;
  blockingSignature: string | null;
  /** Entries (stored form) whose rules Chrome refused when they were last installed. */
  failedEntries: string[];
  /**
   * The server's clock minus this browser's, ms (core's `clockOffsetMs` over the live
   * connection's pongs): every time the server sends (a session's end) is read on it.
   */
  clockOffset: number;
  passes: Passes | null;
  /** Reports of stopped visits, passes and turn-backs the API has not taken yet, oldest first. */
  pendingReports: PendingReport[];
  /**
   * The end (server clock, epoch ms) of the schedule window that blocked when the live
   * connection was last open, or null: while the app is unreachable the extension keeps
   * blocking on it rather than on a clock that may have moved (blocking.ts `blockingUntil`).
   */
  scheduleHold: number | null;
}

const parsed = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
};

/** Reads the whole stored state. */
export async function readState(chrome: ChromeAdapter): Promise<StoredState> {
  const raw = await chrome.storage.get(Object.values(STORAGE_KEYS));
  return {
    pairing: parsed(pairingSchema, raw[STORAGE_KEYS.pairing]),
    timer: parsed(sharedTimerStateSchema, raw[STORAGE_KEYS.timer]),
    blocklist: parsed(blocklistSchema, raw[STORAGE_KEYS.blocklist]),
    connection: parsed(connectionSchema, raw[STORAGE_KEYS.connection]) ?? "closed",
    blockingSignature: parsed(blockingSchema, raw[STORAGE_KEYS.blocking])?.signature ?? null,
    failedEntries: parsed(blockingSchema, raw[STORAGE_KEYS.blocking])?.failed ?? [],
    clockOffset: parsed(z.number(), raw[STORAGE_KEYS.clockOffset]) ?? 0,
    passes: parsed(passesSchema, raw[STORAGE_KEYS.passes]),
    pendingReports: parsed(z.array(pendingReportSchema).max(MAX_PENDING_REPORTS), raw[STORAGE_KEYS.pendingReports]) ?? [],
    scheduleHold: parsed(z.number(), raw[STORAGE_KEYS.scheduleHold]),
  };
}

/** Writes the given parts; null removes a key. */
export async function writeState(chrome: ChromeAdapter, patch: Partial<StoredState>): Promise<void> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const put = (key: string, value: unknown) => (value === null ? remove.push(key) : (set[key] = value));
  if (patch.pairing !== undefined) put(STORAGE_KEYS.pairing, patch.pairing);
  if (patch.timer !== undefined) put(STORAGE_KEYS.timer, patch.timer);
  if (patch.blocklist !== undefined) put(STORAGE_KEYS.blocklist, patch.blocklist);
  if (patch.connection !== undefined) put(STORAGE_KEYS.connection, patch.connection);
  if (patch.clockOffset !== undefined) put(STORAGE_KEYS.clockOffset, patch.clockOffset);
  if (patch.passes !== undefined) put(STORAGE_KEYS.passes, patch.passes);
  if (patch.scheduleHold !== undefined) put(STORAGE_KEYS.scheduleHold, patch.scheduleHold);
  if (patch.pendingReports !== undefined) put(STORAGE_KEYS.pendingReports, patch.pendingReports.length === 0 ? null : patch.pendingReports.slice(-MAX_PENDING_REPORTS));
  if (patch.blockingSignature !== undefined) {
    put(STORAGE_KEYS.blocking, patch.blockingSignature === null ? null : { signature: patch.blockingSignature, failed: patch.failedEntries ?? [] });
  }
  if (Object.keys(set).length > 0) await chrome.storage.set(set);
  if (remove.length > 0) await chrome.storage.remove(remove);
}
