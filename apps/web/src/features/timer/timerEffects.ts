import { TIMER_MODE_LABELS, type TimerMode } from "@focus/core/constants";
import { type ExtensionWindowMessage, type StatsWindowMessage } from "@focus/core/protocol";
import { sessionEndNotice } from "@focus/core/push";
import { DEFAULT_SETTINGS, type Settings } from "@focus/core/schemas";
import { FREE_DAILY_LIMIT_MESSAGE, GUEST_LIMIT_TOAST } from "@focus/core/subscription";
import { activeEndWarning, countersOf, flowCueDue, flowFocusedMs, tickerWith, timerMachine, timerStateOf, timerViewOf, toPersistedTimerState, warningToAnnounce, type StartBlockReason } from "@focus/core/timer";
import type { Actor } from "xstate";
import { toast } from "@/components/ui/use-toast";
import { forgetEndedHere, keepEndedHere } from "@/runtime/endedHere";
import { noteTimerOnScreen } from "@/runtime/timerOnScreen";
import { saveGuestSessionUsedOn } from "./access";
import { offerReflection } from "./reflection";
import { notifyEnd, playWarningSound } from "./notifications";
import { resetTabIcon, showTimerInTabIcon } from "./tabIcon";
import { saveCounters, saveTimerState } from "./storage";

/**
 * The web app's side effects of the timer chart, all in this module. The chart names its
 * effects (`sessionCompleted`, `startRefused`); `timerWithEffects` gives them their web
 * implementation with `timerMachine.provide()`, and `watchTimer` follows every change. A session
 * that ends is handled here and nowhere else, whatever page the user is on:
 * - a guest's kept in this browser (nothing of a guest leaves it), a focus session with the task
 *   it counts for (core's `SessionCompleted.task`); a signed-in user's is recorded by the server,
 *   which ends the same session on the account's timer, and counts here until the server lists
 *   it (`runtime/endedHere.ts`);
 * - announced: the bell and a desktop notification saying what ended and what comes next
 *   (core's `sessionEndNotice`, the words the server's push uses too), or,
 *   for a session that ended while the app was closed, a quiet toast;
 * - posted as window messages (`session_completed`, `stats_update`) for live statistics;
 * - a completed focus session is offered for a reflection ("How did it go?", `reflection.ts`).
 * A focus session stopped after a minute or more (`sessionStopped`) is a guest's to keep here; a
 * signed-in user's is recorded by the server, which runs the same command. The timer's state is
 * saved in this browser for a guest only: a signed-in user's device keeps a copy of the account's
 * timer instead (`runtime/accountTimerSync.ts`).
 * Rules: docs/product.md "Timer".
 */

/**
 * A guest's records in this browser (`runtime/guestSessions.ts`, `runtime/tasks/guestTasks.ts`),
 * loaded as a guest's timer is made (`timerWithEffects`), so a session that ends is kept at
 * once rather than after a download: a signed-in page never downloads them. Calls run in the
 * order they are made.
 */
let guestRecords: Promise<[typeof import("@/runtime/guestSessions"), typeof import("@/runtime/tasks/guestTasks")]> | null = null;
function loadGuestRecords() {
  guestRecords ??= Promise.all([import("@/runtime/guestSessions"), import("@/runtime/tasks/guestTasks")]).catch((error: unknown) => {
    // Not downloaded (offline before they were ever loaded): the next call tries again.
    guestRecords = null;
    throw error;
  });
  return guestRecords;
}
function withGuestRecords(use: (sessions: typeof import("@/runtime/guestSessions"), tasks: typeof import("@/runtime/tasks/guestTasks")) => void): void {
  loadGuestRecords().then(
    ([sessions, tasks]) => use(sessions, tasks),
    (error: unknown) => {
      console.error("A guest's session could not be kept", error);
      toast({ title: "Session not kept", description: "This browser could not keep it in your statistics. Check your connection and reload the page.", variant: "destructive" });
    },
  );
}

/** Whose timer state is saved in this browser: a guest's (id 0) only. */
const GUEST_OWNER = 0;

/** What the effects need to know of the app, read at the moment of each effect. */
export interface TimerEffectsContext {
  /** The signed-in user's id, or null for a guest. */
  userId: number | null;
  /** The settings in force now (notification sound, desktop notifications). */
  settings: () => Pick<Settings, "soundNotifications" | "desktopNotifications" | "notificationSound">;
  /** The clock the timer runs on, epoch ms: the server's (`serverClock.ts`). */
  now: () => number;
}

/** What a refused start tells the user (word for word the product's messages). */
export const START_REFUSED_MESSAGES: Record<StartBlockReason, { title: string; description: string }> = {
  guestLimit: GUEST_LIMIT_TOAST,
  freeLimit: {
    title: "Daily Limit Reached",
    description: FREE_DAILY_LIMIT_MESSAGE,
  },
};

/** What an End early the server refused for its wait says (`docs/product.md`, Strict focus). */
export const ESCAPE_WAIT_NOTE = {
  title: "Strict focus: this session keeps going",
  description: "End early ends it once its wait is over. Open End early again to start the wait.",
} as const;

/** What a room round the server refused says: the device is no longer in a running room (`docs/rooms.md`). */
export const ROOM_ROUND_REFUSED_NOTE = {
  title: "You're not in this room's round",
  description: "The room ended or you left it, so this device shows your own timer as it is. Join the room again to follow its rounds.",
} as const;

/**
 * What a pause, reset or mode change during a room's round says (`docs/rooms.md`, Staying in a
 * room): the room's clock runs it, and leaving the room gives the timer back.
 */
export const IN_ROUND_NOTE = {
  title: "This round runs on the room's clock",
  description: "Pause, reset and mode changes come back when you leave the room.",
} as const;

/** What a command dated before the timer's last change says: another change came first. */
export const BACKDATED_NOTE = {
  title: "Timer change not saved",
  description: "The timer changed after you gave it. This device now shows the timer as it is.",
} as const;

/**
 * What a pause, reset, skip or mode change during a strict focus session says (`docs/product.md`,
 * Strict focus): calm, and naming the way out.
 */
export const STRICT_REFUSED_NOTE = {
  title: "Strict focus: this session keeps going",
  description: "Pause, reset and mode changes wait until it ends. If you really need to stop, End early is under the timer.",
} as const;

/** The time of day of an instant, as this browser writes it (e.g. "14:32"). */
function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** Posts a window message to this window only (live statistics, an extension's content script). */
export function postToSelf(message: StatsWindowMessage | ExtensionWindowMessage): void {
  window.postMessage(message, window.location.origin);
}

/** The timer chart with the web app's effects (see the module comment). */
export function timerWithEffects(app: TimerEffectsContext) {
  // A failure here is tried again, and shown, when a session needs the records.
  if (app.userId === null) loadGuestRecords().catch(() => undefined);
  return timerMachine.provide({
    actors: { ticker: tickerWith(app.now) },
    actions: {
      sessionCompleted: ({ context }, completed) => {
        const notice = sessionEndNotice(completed);
        if (completed.whileAway) {
          // It ended long ago: a bell now would confuse; say what happened instead.
          toast({ title: `${notice.title} at ${clockTime(completed.endedAt)}`, description: completed.session.type === "focus" ? "It ended while Focus Flow was closed, and it is counted." : notice.body });
        } else {
          notifyEnd(notice, app.settings());
        }
        // "How did it go?" for a focus session the user was there for (not one that ended while away).
        if (completed.mode === "focus" && !completed.whileAway && completed.session.clientId) {
          offerReflection({ clientId: completed.session.clientId, userId: app.userId, intention: completed.session.intention ?? null, endedAt: completed.endedAt });
        }
        postToSelf({ type: "session_completed", data: { mode: completed.mode } });
        const counters = countersOf(context);
        postToSelf({ type: "stats_update", data: { completedSessionsToday: counters.completedSessionsToday, totalFocusTimeToday: counters.totalFocusTimeToday } });
        // A guest's stay in this browser. A user's is recorded by the server, which ends the same
        // session on the account's timer (`docs/offline.md`); until it lists it, it counts here.
        if (app.userId === null) {
          withGuestRecords((sessions, tasks) => {
            sessions.recordGuestSession(completed.session, completed.task?.clientId);
            if (completed.task) tasks.recordGuestTaskSession(completed.task.clientId, completed.endedAt);
          });
        } else if (completed.session.clientId) {
          keepEndedHere(app.userId, { ...completed.session, clientId: completed.session.clientId });
        }
      },
      startRefused: (_, { reason }) => {
        toast({ ...START_REFUSED_MESSAGES[reason], variant: "destructive" });
      },
      strictRefused: () => {
        toast(STRICT_REFUSED_NOTE);
      },
      roundRefused: () => {
        toast(IN_ROUND_NOTE);
      },
      // A signed-in user's stopped sessions are recorded (and withdrawn) by the server, which
      // runs the same command on the account's timer; a guest's stay in this browser.
      sessionStopped: (_, { session, task }) => {
        if (app.userId === null) withGuestRecords((sessions) => sessions.recordGuestSession(session, task?.clientId));
      },
      // "+5 min" after the end brought the session back: the server withdraws its record (the
      // same command on the account's timer); here it no longer counts.
      stopUndone: (_, { session }) => {
        if (app.userId === null) withGuestRecords((sessions) => sessions.forgetGuestSession(session.clientId));
        else forgetEndedHere(app.userId, session.clientId);
      },
    },
  });
}

export type TimerActorRef = Actor<ReturnType<typeof timerWithEffects>>;

/** The tab title: time left and mode while a session runs, with a pause mark while paused. */
export function documentTitle(view: { display: string; mode: TimerMode; isRunning: boolean; isPaused: boolean }, warning: number | null = null): string {
  if (view.isRunning) return `${warning === null ? "" : "⏳ "}${view.display} · ${TIMER_MODE_LABELS[view.mode]} · Focus Flow`;
  if (view.isPaused) return `⏸ ${view.display} · ${TIMER_MODE_LABELS[view.mode]} paused · Focus Flow`;
  return "Focus Flow";
}

/**
 * What of the timer's state is saved: everything but what a second's tick changes (the time left
 * of a running session follows from its end, the stamp from when it was saved).
 */
function savedKey(actor: TimerActorRef): string {
  const { context } = actor.getSnapshot();
  const { timestamp: _timestamp, currentTime: _currentTime, progress: _progress, elapsedTime: _elapsedTime, ...state } = toPersistedTimerState(
    context,
    actor.getSnapshot().matches("running"),
  );
  return JSON.stringify([state.isActive ? { ...state, remainingMs: null } : state, countersOf(context), context.access.guestSessionUsedOn]);
}

/**
 * Follows every change of the timer: saves today's counters as `ownerId`'s (the user's id, 0 for a
 * guest) when its state changes (not at every second's tick), and a guest's timer state too
 * (restored on the next load; a signed-in user's device keeps the account's timer instead), keeps
 * the guest's daily session, sets the tab title (with the warning before the end in force, `settings`' choice,
 * and its sound once) and icon (the visual timer, tabIcon.ts) and posts the progress window
 * messages. Returns the stop.
 */
export function watchTimer(
  actor: TimerActorRef,
  ownerId: number,
  settings: () => Pick<Settings, "endWarning" | "warningSound"> & Partial<Pick<Settings, "flowCueMinutes">> = () => DEFAULT_SETTINGS,
): () => void {
  let saved = "";
  let warning: number | null = null;
  let cue = false;
  const save = () => {
    const snapshot = actor.getSnapshot();
    saved = savedKey(actor);
    if (ownerId === GUEST_OWNER) saveTimerState(ownerId, toPersistedTimerState(snapshot.context, snapshot.matches("running")));
    saveCounters(ownerId, countersOf(snapshot.context));
    const { access } = snapshot.context;
    if (access.isGuest && access.guestSessionUsedOn) saveGuestSessionUsedOn(access.guestSessionUsedOn);
  };
  const onChange = () => {
    if (savedKey(actor) !== saved) save();
    const snapshot = actor.getSnapshot();
    const state = timerStateOf(snapshot);
    const view = timerViewOf(snapshot);
    const { endWarning, warningSound } = settings();
    const nextWarning = activeEndWarning(view, endWarning);
    if (warningToAnnounce(warning, nextWarning) !== null && warningSound) playWarningSound();
    warning = nextWarning;
    // A Flowtime session's long-stretch cue rings the warning sound once (`docs/product.md`, The timer).
    const nextCue = view.countsUp && flowCueDue(flowFocusedMs(snapshot.context), settings());
    if (nextCue && !cue && warningSound) playWarningSound();
    cue = nextCue;
    noteTimerOnScreen(view.isRunning ? snapshot.context.endsAt : null);
    document.title = documentTitle(view, warning);
    showTimerInTabIcon(view, warning !== null);
    postToSelf({
      type: "timer_progress_update",
      data: {
        mode: view.mode,
        isRunning: view.isRunning,
        elapsedTime: Math.max(0, Math.round(snapshot.context.durationMs / 1000) - view.secondsLeft),
        totalSessionTime: Math.round(snapshot.context.durationMs / 1000),
        totalFocusTimeToday: snapshot.context.totalFocusTimeToday,
      },
    });
    postToSelf({ type: "focus_timer_update", timerState: state });
  };
  const subscription = actor.subscribe(onChange);
  window.addEventListener("pagehide", save);
  postToSelf({ type: "focus_app_ready" });
  onChange();
  return () => {
    subscription.unsubscribe();
    window.removeEventListener("pagehide", save);
    noteTimerOnScreen(null);
    document.title = "Focus Flow";
    resetTabIcon();
  };
}
