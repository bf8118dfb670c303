import { z } from "zod";
import { DEFAULT_THEME, END_WARNINGS, ESCAPES_PER_WEEK, FLOW_BREAK_SHARES, FLOW_CUE_MINUTES, FOCUS_STYLES, MAX_EXTENSIONS, NOTIFICATION_SOUNDS, SETTINGS_LIMITS, THEMES, TIMER_DISPLAYS, WEEKLY_GOAL_DAYS } from "../constants";
import { DELAY_PASSES_LIMITS, shieldSettingsFields } from "./shield";

/** A whole number in the setting's range, on its slider's steps (`SETTINGS_LIMITS`). */
const minutes = (limits: { min: number; max: number; step: number }) =>
  z.number().int().min(limits.min).max(limits.max).multipleOf(limits.step, `must be a multiple of ${limits.step}`);

/** What the mood player does in breaks when it follows the timer. */
export const AUDIO_IN_BREAKS = ["relax", "pause"] as const;
export type AudioInBreaks = (typeof AUDIO_IN_BREAKS)[number];

/** "Audio follows the timer" (`docs/product.md`, Settings). */
const audioFollowFields = {
  audioFollowsTimer: z.boolean(),
  audioInBreaks: z.enum(AUDIO_IN_BREAKS),
};

/**
 * Strict focus (`docs/product.md`, Strict focus): every focus session starts strict, and how many
 * escapes a week the user allows themselves before End early waits longer.
 */
const strictFields = {
  strictFocus: z.boolean(),
  escapesPerWeek: z
    .number()
    .int("escapesPerWeek must be a whole number")
    .min(ESCAPES_PER_WEEK.min, `escapesPerWeek must be at least ${ESCAPES_PER_WEEK.min}`)
    .max(ESCAPES_PER_WEEK.max, `escapesPerWeek must be at most ${ESCAPES_PER_WEEK.max}`),
};

/**
 * Time you can see (`docs/product.md`, The timer and Statistics): how the time left is drawn, the warning before a session's
 * end and its sound, and the weekly goal in focus days.
 */
const timeFields = {
  endWarning: z.enum(END_WARNINGS),
  warningSound: z.boolean(),
  timerDisplay: z.enum(TIMER_DISPLAYS),
  weeklyGoalDays: z
    .number()
    .int("weeklyGoalDays must be a whole number")
    .min(WEEKLY_GOAL_DAYS.min, `weeklyGoalDays must be at least ${WEEKLY_GOAL_DAYS.min}`)
    .max(WEEKLY_GOAL_DAYS.max, `weeklyGoalDays must be at most ${WEEKLY_GOAL_DAYS.max}`),
};

/** The listed share nearest `value`, when `value` is one of FLOW_BREAK_SHARES (within rounding); else undefined. */
function listedShare(value: number): number | undefined {
  return FLOW_BREAK_SHARES.find((share) => Math.abs(share - value) < 1e-6);
}

/**
 * Flowtime and Five more minutes (`docs/product.md`, The timer): the focus style, the share of a
 * Flowtime session's focus its break earns (a fraction: 1/3, 1/4, 1/5 or 1/6), the long-stretch
 * cue (minutes), and how many "+5 min" a session may have in a row.
 */
const flowFields = {
  focusStyle: z.enum(FOCUS_STYLES, "focusStyle must be pomodoro or flowtime"),
  flowBreakShare: z
    .number()
    .refine((value) => listedShare(value) !== undefined, "flowBreakShare must be one of 1/3, 1/4, 1/5 or 1/6")
    .transform((value) => listedShare(value) ?? value),
  flowCueMinutes: z
    .number()
    .int("flowCueMinutes must be a whole number")
    .min(FLOW_CUE_MINUTES.min, `flowCueMinutes must be at least ${FLOW_CUE_MINUTES.min}`)
    .max(FLOW_CUE_MINUTES.max, `flowCueMinutes must be at most ${FLOW_CUE_MINUTES.max}`),
  maxExtensions: z
    .number()
    .int("maxExtensions must be a whole number")
    .min(MAX_EXTENSIONS.min, `maxExtensions must be at least ${MAX_EXTENSIONS.min}`)
    .max(MAX_EXTENSIONS.max, `maxExtensions must be at most ${MAX_EXTENSIONS.max}`),
};

/** "Call me back after a break" (`docs/product.md`, A break that calls you back). */
const callBackFields = {
  breakCallBack: z.boolean(),
};

/** The timer and notification settings the product started with (`docs/product.md`, Settings). */
const coreFields = {
  focusDuration: minutes(SETTINGS_LIMITS.focusDuration),
  shortBreakDuration: minutes(SETTINGS_LIMITS.shortBreakDuration),
  longBreakDuration: minutes(SETTINGS_LIMITS.longBreakDuration),
  longBreakInterval: minutes(SETTINGS_LIMITS.longBreakInterval),
  autoStartBreaks: z.boolean(),
  autoStartFocus: z.boolean(),
  soundNotifications: z.boolean(),
  desktopNotifications: z.boolean(),
  notificationSound: z.enum(NOTIFICATION_SOUNDS),
  theme: z.enum(THEMES),
};

/** Every setting, without defaults: what a partial update may carry. */
const settingsFields = { ...coreFields, ...audioFollowFields, ...strictFields, ...timeFields, ...shieldSettingsFields, ...flowFields, ...callBackFields };

/**
 * User settings (`docs/product.md`, Settings, with its ranges and defaults). Durations are whole
 * minutes. `longBreakInterval` is a number here; the form holds it as text and converts. Each
 * default is written here once: a setting missing from stored or cached settings (one newer than
 * them) takes it, and `DEFAULT_SETTINGS` is this schema's answer for nothing at all.
 */
export const settingsSchema = z.object({
  focusDuration: coreFields.focusDuration.default(25),
  shortBreakDuration: coreFields.shortBreakDuration.default(5),
  longBreakDuration: coreFields.longBreakDuration.default(15),
  longBreakInterval: coreFields.longBreakInterval.default(4),
  autoStartBreaks: coreFields.autoStartBreaks.default(true),
  autoStartFocus: coreFields.autoStartFocus.default(false),
  soundNotifications: coreFields.soundNotifications.default(true),
  desktopNotifications: coreFields.desktopNotifications.default(true),
  notificationSound: coreFields.notificationSound.default("bell"),
  theme: coreFields.theme.default(DEFAULT_THEME),
  audioFollowsTimer: audioFollowFields.audioFollowsTimer.default(false),
  audioInBreaks: audioFollowFields.audioInBreaks.default("relax"),
  strictFocus: strictFields.strictFocus.default(false),
  escapesPerWeek: strictFields.escapesPerWeek.default(ESCAPES_PER_WEEK.default),
  endWarning: timeFields.endWarning.default("1"),
  warningSound: timeFields.warningSound.default(false),
  timerDisplay: timeFields.timerDisplay.default("ring"),
  weeklyGoalDays: timeFields.weeklyGoalDays.default(WEEKLY_GOAL_DAYS.default),
  // The Website Shield's mode and delay passes (shield.ts).
  shieldMode: shieldSettingsFields.shieldMode.default("blocklist"),
  delayPassesPerDay: shieldSettingsFields.delayPassesPerDay.default(DELAY_PASSES_LIMITS.default),
  focusStyle: flowFields.focusStyle.default("pomodoro"),
  flowBreakShare: flowFields.flowBreakShare.default(1 / 5),
  flowCueMinutes: flowFields.flowCueMinutes.default(FLOW_CUE_MINUTES.default),
  maxExtensions: flowFields.maxExtensions.default(MAX_EXTENSIONS.default),
  breakCallBack: callBackFields.breakCallBack.default(false),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The defaults (`docs/product.md`, The timer and Settings): the schema's, for no settings at all. */
export const DEFAULT_SETTINGS: Settings = Object.freeze(settingsSchema.parse({}));

/**
 * The body of `POST /api/settings`: the settings that changed (the app sends only those, so a
 * save from one device never puts back another device's older values). No defaults: a key left
 * out stays as stored. Unknown keys are stripped; the server merges the body over the stored
 * settings.
 */
export const settingsUpdateSchema = z.object(settingsFields).partial();

/** Every setting required, none defaulted: what a form that shows them all holds. */
export const completeSettingsSchema = z.object(settingsFields);
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** The settings of `next` whose values differ from `current`: what a save has to send. */
export function settingsChanges(current: Settings, next: SettingsUpdate): SettingsUpdate {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== undefined && current[key as keyof Settings] !== value) changes[key] = value;
  }
  return changes as SettingsUpdate;
}

/** The part of the settings the timer chart depends on. */
export type TimerSettings = Pick<
  Settings,
  | "focusDuration"
  | "shortBreakDuration"
  | "longBreakDuration"
  | "longBreakInterval"
  | "autoStartBreaks"
  | "autoStartFocus"
> &
  /** Optional for the chart: absent means off (tests and older callers give only the durations). */
  Partial<Pick<Settings, "strictFocus">> &
  /** Flowtime and Five more minutes; absent means Pomodoro, a break of 1/5, a cue at 90 minutes, 2 extensions. */
  Partial<Pick<Settings, "focusStyle" | "flowBreakShare" | "flowCueMinutes" | "maxExtensions">>;
