/**
 * Business constants of the product (the rules are stated in `docs/product.md`). Durations
 * in the unit their name says.
 */

/**
 * One day, ms (24 hours of elapsed time). A local calendar day may be shorter or longer across a
 * daylight-saving or offset change: count local days with the calendar helpers of `days/`.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Timer tick: re-render and completion check interval, ms (`docs/product.md`, The timer). */
export const TICK_MS = 1000;
/** Delay before a break or focus session auto-starts, ms (`docs/product.md`, The timer). */
export const AUTO_START_DELAY_MS = 1000;
/**
 * A saved paused or idle timer state older than this is not restored, and an automatic start
 * later than this does not happen, ms (10 minutes). A running session is restored at any age.
 */
export const TIMER_STATE_MAX_AGE_MS = 10 * 60 * 1000;
/**
 * A session whose end the timer noticed later than this (the app was closed or asleep) is
 * recorded quietly, without the bell, ms.
 */
export const MISSED_COMPLETION_MS = 60 * 1000;

/**
 * How long Undo is offered after a reset or a mode change ended a focus session, ms
 * (`docs/product.md`, The timer).
 */
export const UNDO_WINDOW_MS = 10_000;
/**
 * A focus session ended by a reset or a mode change after at least this much focus is recorded
 * as stopped (`completed: false`), ms; a shorter one was a false start and leaves no record.
 */
export const STOPPED_SESSION_MIN_MS = 60_000;

/**
 * Flowtime (`docs/product.md`, The timer): a focus session that counts up has no fixed end; one
 * left running ends by itself after this long, ms (4 hours).
 */
export const FLOWTIME_MAX_MS = 4 * 60 * 60_000;
/** Focus styles (`docs/product.md`, The timer): Pomodoro counts down, Flowtime counts up. */
export const FOCUS_STYLES = ["pomodoro", "flowtime"] as const;
export type FocusStyle = (typeof FOCUS_STYLES)[number];
/** The shares of a Flowtime session's focus its break may be (`flowBreakShare`), largest first; default 1/5. */
export const FLOW_BREAK_SHARES = [1 / 3, 1 / 4, 1 / 5, 1 / 6] as const;
/** The earned break's bounds, minutes. */
export const FLOW_BREAK_MINUTES = { min: 1, max: 60 } as const;
/** The long-stretch cue of a Flowtime session (`flowCueMinutes`), minutes: default and range. */
export const FLOW_CUE_MINUTES = { default: 90, min: 30, max: 180 } as const;
/** Five more minutes (`docs/product.md`, The timer): what one extension adds, ms. */
export const EXTENSION_MS = 5 * 60_000;
/** "+5 min" is offered in a running Pomodoro focus session's last this-many ms. */
export const EXTEND_OFFER_MS = 2 * 60_000;
/** Extensions in a row (`maxExtensions`): default and range. */
export const MAX_EXTENSIONS = { default: 2, min: 0, max: 3 } as const;

/** Strict focus's escape hatch (`docs/product.md`, Strict focus): the wait before "End early", ms. */
export const ESCAPE_WAIT_MS = 60_000;
/** The wait once the week's escapes have reached the user's allowance, ms. */
export const ESCAPE_WAIT_LONG_MS = 5 * 60_000;
/** The sentence the user types exactly before the wait starts. */
export const ESCAPE_SENTENCE = "I choose to end this session early";
/** Escapes a week before the wait grows (the setting "Escapes per week"): default and range. */
export const ESCAPES_PER_WEEK = { default: 3, min: 0, max: 10 } as const;

/** Timer modes (`docs/product.md`, The timer). */
export const TIMER_MODES = ["focus", "shortBreak", "longBreak"] as const;
export type TimerMode = (typeof TIMER_MODES)[number];

/** Human labels of the modes, as on the mode selector. */
export const TIMER_MODE_LABELS: Record<TimerMode, string> = {
  focus: "Focus",
  shortBreak: "Short Break",
  longBreak: "Long Break",
};

/** Slider ranges of the settings screen, minutes (`docs/product.md`, Settings). */
export const SETTINGS_LIMITS = {
  focusDuration: { min: 1, max: 180, step: 1 },
  shortBreakDuration: { min: 1, max: 60, step: 1 },
  longBreakDuration: { min: 1, max: 60, step: 1 },
  longBreakInterval: { min: 2, max: 6, step: 1 },
} as const;

/**
 * Warnings before a session's end (`docs/product.md`, The timer): none, at 5 minutes left, at 1
 * minute left, or both.
 */
export const END_WARNINGS = ["off", "5", "1", "both"] as const;
export type EndWarning = (typeof END_WARNINGS)[number];

/**
 * How the Focus Arena and the mini timer draw the time left (`docs/product.md`, The timer: a
 * visual timer): a ring that fills, or a disc that shrinks.
 */
export const TIMER_DISPLAYS = ["ring", "disc"] as const;
export type TimerDisplay = (typeof TIMER_DISPLAYS)[number];

/** The weekly goal's range, focus days a week (`docs/product.md`, Statistics). */
export const WEEKLY_GOAL_DAYS = { min: 1, max: 7, default: 4 } as const;

/** Notification sound choices (`docs/product.md`, The timer). */
export const NOTIFICATION_SOUNDS = ["bell", "chime", "digital", "gentle", "none"] as const;

/** Theme options (`docs/product.md`, Settings). */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
/** Default theme (`docs/product.md`, Settings). */
export const DEFAULT_THEME: Theme = "dark";

/** Minimum lengths of credentials (`docs/product.md`, Limits and validation). */
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;

/** The preview (guest) user's id. */
export const PREVIEW_USER_ID = 0;

/** Local storage keys, used verbatim. */
export const STORAGE_KEYS = {
  theme: "theme",
  settings: "settings",
  lastSessionDate: "last-session-date",
  completedSessions: "completed-sessions",
  totalFocusTime: "total-focus-time",
  totalSessions: "total-sessions",
  timerState: "timer-state",
  guestSessionUsed: "guest-session-used",
  /** A guest's sessions and tasks, kept in the browser until they move into an account. */
  guestSessions: "guest-sessions",
  guestTasks: "guest-tasks",
  interviewDismissed: "calendly-interview-dismissed",
} as const;

/**
 * The mark the web build leaves where a page names the trial's length (`<meta
 * name="focus-trial-days">` in `apps/web/index.html`, and the pages rendered ahead of time); the
 * server puts its TRIAL_DAYS in its place when it sends the page.
 */
export const PAGE_TRIAL_DAYS_MARK = "__FOCUS_TRIAL_DAYS__";
