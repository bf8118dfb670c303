import { z } from "zod";
import { END_WARNINGS } from "../constants";
import { localDayKey } from "../format";
import { blockedSiteSchema } from "./blockedSite";
import { shieldScheduleSchema } from "./schedule";

/**
 * The Website Shield's settings and what the extension reads (`docs/product.md`, Website
 * Shield and linked devices): the mode (a block list or an allow list), the delay page's
 * numbers, and `GET /api/shield`, the one answer the extension fetches with its device token.
 */

/** Block list: the listed entries are blocked. Allow list: everything else is (the app's own origin never). */
export const SHIELD_MODES = ["blocklist", "allowlist"] as const;
export type ShieldMode = (typeof SHIELD_MODES)[number];

/** How each mode is named on screen. */
export const SHIELD_MODE_LABELS: Record<ShieldMode, string> = {
  blocklist: "Block the listed sites",
  allowlist: "Allow only the listed sites",
};

/** The delay page's countdown before "Continue", seconds (`docs/product.md`, Delay instead of a wall). */
export const DELAY_WAIT_SECONDS = 30;
/** How long "Continue" lets the user into the site, minutes. */
export const DELAY_PASS_MINUTES = 5;
/** Passes a day through delay pages: the setting's range and default. */
export const DELAY_PASSES_LIMITS = { min: 0, max: 10, default: 3 } as const;

/** The Shield's settings, part of the user's settings (`settingsSchema`). */
export const shieldSettingsFields = {
  shieldMode: z.enum(SHIELD_MODES),
  delayPassesPerDay: z.number().int().min(DELAY_PASSES_LIMITS.min).max(DELAY_PASSES_LIMITS.max),
};

/**
 * Answer of `GET /api/shield` (`docs/api.md`): the mode, the passes a day, the user's entries
 * (the same as `GET /api/blocked-sites`) and schedules.
 */
export const shieldStateSchema = z.object({
  mode: z.enum(SHIELD_MODES),
  delayPassesPerDay: z.number().int(),
  sites: z.array(blockedSiteSchema),
  /** Recurring block windows (schedule.ts); absent in older answers. */
  schedules: z.array(shieldScheduleSchema).default([]),
  /** The title of the task the running or paused focus session counts for, shown on the blocked page; null when none. */
  sessionTask: z.string().nullable().default(null),
  /**
   * The user's "Warn before the end" setting: the extension's badge and toolbar disc turn amber
   * with the web app's ring (`docs/product.md`, The timer). Absent in older answers: no warning.
   */
  endWarning: z.enum(END_WARNINGS).default("off"),
  /** The intention of the focus session under way (`docs/product.md`, Intentions), shown on the blocked page; null when none. */
  sessionIntention: z.string().nullable().default(null),
  /**
   * The account's time zone (IANA name), in which the schedules' days and times are read, so a
   * browser whose own zone changes keeps the account's windows. Null in older answers: the
   * browser's zone.
   */
  timeZone: z.string().nullable().default(null),
  /**
   * The delay passes the account took on its local day `day` (`localDayKey` in `timeZone`),
   * whichever browser took them: a browser shows the passes left as the larger of this and its
   * own count. Null in older answers.
   */
  passesTaken: z.object({ day: z.string(), count: z.number().int().min(0) }).nullable().default(null),
});
export type ShieldState = z.infer<typeof shieldStateSchema>;

/**
 * Passes left today through delay pages: the day's allowance minus the passes already taken
 * (never below 0). `passesToday` counts the passes of the local day.
 */
export function delayPassesLeft(passesToday: number, perDay: number): number {
  return Math.max(0, perDay - passesToday);
}

/**
 * How many of `passTimes` (epoch ms) fall on the local day of `now` in `timeZone`: the passes an
 * account took today, whichever browser took them (the server's count, `passesToday` above).
 */
export function passesOnDayOf(passTimes: readonly number[], now: number, timeZone?: string): number {
  const today = localDayKey(now, timeZone);
  return passTimes.filter((at) => localDayKey(at, timeZone) === today).length;
}

/** A paired browser is "not reporting" after this long without a report, ms (`docs/product.md`, Shield off). */
export const SHIELD_OFF_AFTER_MS = 45_000;

/** What a paired extension reports of itself over the live connection (`shield_status`). */
export interface ShieldReport {
  /** `chrome.extension.isAllowedIncognitoAccess()`. */
  incognitoAllowed: boolean;
  /** The blocking rules the extension should have are installed (true when none are needed). */
  rulesInPlace: boolean;
  /** The listed entries Chrome refused a rule for (stored form), at most MAX_FAILED_ENTRIES: not blocked in that browser. */
  failedEntries: string[];
}

/** Most failed entries a report names (the rest are counted by `rulesInPlace` being false). */
export const MAX_FAILED_ENTRIES = 20;

/**
 * Answer of `GET /api/shield/status` (`docs/api.md`): each paired browser's last report
 * (`reportedAt` ISO 8601, null before the first; `reporting` false once SHIELD_OFF_AFTER_MS has
 * passed) and the user's latest shield-off intervals, newest first.
 */
export const shieldStatusSchema = z.object({
  devices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      isActive: z.boolean(),
      reporting: z.boolean(),
      reportedAt: z.string().nullable(),
      incognitoAllowed: z.boolean().nullable(),
      rulesInPlace: z.boolean().nullable(),
      /** The entries its last report said it could not block (empty when none, or before a report). */
      failedEntries: z.array(z.string()),
    }),
  ),
  shieldOff: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable(), sessionStart: z.string().nullable() })),
});
export type ShieldStatus = z.infer<typeof shieldStatusSchema>;

/** Longest reason a user may give for removing the extension. */
export const REMOVAL_REASON_MAX_LENGTH = 500;

/** Answer of `POST /api/extension-removals` (201): the recorded removal and the key that lets this page add a reason. */
export const extensionRemovalRecordedSchema = z.object({ id: z.number().int(), key: z.string() });

/** Body of `PUT /api/extension-removals/{id}` (`docs/api.md`): the page's key and why the extension was removed (optional). */
export const extensionRemovalSchema = z.object({
  key: z.string({ message: "key is required" }).min(1, "key is required").max(64),
  reason: z
    .string({ message: "reason must be text" })
    .trim()
    .max(REMOVAL_REASON_MAX_LENGTH, `reason must be at most ${REMOVAL_REASON_MAX_LENGTH} characters`)
    .optional(),
});

/** Most reports and intervals `GET /api/shield/measures` answers (the newest). */
export const SHIELD_MEASURES_LIMIT = 10_000;

/**
 * Answer of `GET /api/shield/measures` (`docs/api.md`): the reports (stopped visits, passes,
 * turn-backs) and shield-off intervals the user's plan shows, newest first; core's
 * `shieldMeasuresByDay` and `shieldMeasuresBySession` turn them into Statistics.
 */
export const shieldMeasuresSchema = z.object({
  events: z.array(z.object({ at: z.string(), kind: z.enum(["blocked", "pass", "turned_back"]), sessionStart: z.string().nullable() })),
  shieldOff: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable(), sessionStart: z.string().nullable() })),
});
export type ShieldMeasures = z.infer<typeof shieldMeasuresSchema>;
