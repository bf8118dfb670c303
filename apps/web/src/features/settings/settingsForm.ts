import { ESCAPES_PER_WEEK, FLOW_BREAK_SHARES, FLOW_CUE_MINUTES, MAX_EXTENSIONS, SETTINGS_LIMITS, WEEKLY_GOAL_DAYS, type EndWarning, type TimerDisplay } from "@focus/core/constants";
import { completeSettingsSchema, settingsSchema, type Settings } from "@focus/core/schemas";
import { z } from "zod";

/** Escapes-per-week choices, 0 to 10 (`docs/product.md`, Strict focus). */
export const ESCAPES_PER_WEEK_CHOICES: readonly number[] = Array.from({ length: ESCAPES_PER_WEEK.max - ESCAPES_PER_WEEK.min + 1 }, (_, i) => ESCAPES_PER_WEEK.min + i);

/** Weekly goal choices, 1 to 7 focus days (`docs/product.md`, Statistics). */
export const WEEKLY_GOAL_CHOICES: readonly number[] = Array.from({ length: WEEKLY_GOAL_DAYS.max - WEEKLY_GOAL_DAYS.min + 1 }, (_, i) => WEEKLY_GOAL_DAYS.min + i);

/** How each warning choice reads (`docs/product.md`, The timer). */
export const END_WARNING_LABELS: Record<EndWarning, string> = {
  off: "Off",
  "5": "5 minutes before",
  "1": "1 minute before",
  both: "5 minutes and 1 minute before",
};

/** How each way of drawing the time left reads (`docs/product.md`, The timer: a visual timer). */
export const TIMER_DISPLAY_LABELS: Record<TimerDisplay, string> = {
  ring: "A ring that fills",
  disc: "A disc that shrinks",
};

/** The Flowtime break's shares as they read (`docs/product.md`, The timer), largest first. */
export const FLOW_BREAK_SHARE_CHOICES: readonly { value: number; label: string }[] = FLOW_BREAK_SHARES.map((share) => ({
  value: share,
  label: `1/${Math.round(1 / share)} of the focus time`,
}));

/** "+5 min" in a row: 0 (off) to 3. */
export const MAX_EXTENSIONS_CHOICES: readonly number[] = Array.from({ length: MAX_EXTENSIONS.max - MAX_EXTENSIONS.min + 1 }, (_, i) => MAX_EXTENSIONS.min + i);

/** The long-stretch cue's slider, minutes. */
export const FLOW_CUE_LIMITS = { min: FLOW_CUE_MINUTES.min, max: FLOW_CUE_MINUTES.max, step: 1 } as const;

/** Long break interval choices, 2 to 6 focus sessions, as the form's text values. */
export const LONG_BREAK_INTERVAL_CHOICES: readonly string[] = Array.from(
  { length: SETTINGS_LIMITS.longBreakInterval.max - SETTINGS_LIMITS.longBreakInterval.min + 1 },
  (_, i) => String(SETTINGS_LIMITS.longBreakInterval.min + i),
);

/** The settings form: every setting, required (core's `completeSettingsSchema`), with the long break interval held as text. */
export const settingsFormSchema = completeSettingsSchema.extend({
  longBreakInterval: z.string().refine((value) => LONG_BREAK_INTERVAL_CHOICES.includes(value), "Choose 2 to 6 sessions"),
});
export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

/** Settings → form values. */
export function toFormValues(settings: Settings): SettingsFormValues {
  return { ...settings, longBreakInterval: String(settings.longBreakInterval) };
}

/** Form values → settings, checked against the shared schema. */
export function fromFormValues(values: SettingsFormValues): Settings {
  return settingsSchema.parse({ ...values, longBreakInterval: Number(values.longBreakInterval) });
}
