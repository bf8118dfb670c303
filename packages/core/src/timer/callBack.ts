import { assign, fromCallback, raise, setup, type EventObject } from "xstate";
import { TIMER_STATE_MAX_AGE_MS } from "../constants";

/**
 * A break that calls you back (`docs/product.md`, Intentions, reflection and a break that calls
 * you back): when a break ends and the next focus session has not started, a soft sound plays at
 * the break's end and every BREAK_CALLBACK_INTERVAL_MS after it, BREAK_CALLBACK_MAX_PLAYS times at
 * most, and a notice stays up until the user starts focus or dismisses it. After a sleep only the
 * latest sound due is played, once (`breakCallBackDue`). The chart `breakCallBackMachine` holds
 * the notice; the app provides its `playCallBack` effect (the sound) and its clock (`callBackTickerWith`).
 */

/** Time between two sounds, ms. */
export const BREAK_CALLBACK_INTERVAL_MS = 30_000;
/** Most sounds one break's end plays. */
export const BREAK_CALLBACK_MAX_PLAYS = 5;

/** The notice's words. */
export const BREAK_CALLBACK_NOTICE = {
  title: "Your break is over. Ready when you are.",
  start: "Start focus",
  dismiss: "Dismiss",
} as const;

/** When the sound number `index` (0 first, at the break's end) is due, epoch ms. */
function breakCallBackAt(breakEndedAt: number, index: number): number {
  return breakEndedAt + index * BREAK_CALLBACK_INTERVAL_MS;
}

/**
 * What is due at `now` (epoch ms) for a break that ended at `breakEndedAt` with `played` sounds
 * already played (or skipped): `play` when a sound is due now (only the latest due after a sleep;
 * the last one only within an interval of its moment, so an app opened long after the break's end
 * shows the notice without a sound), the new `played` count, and `nextAt`, when the next sound is
 * due (null once all are done).
 */
export function breakCallBackDue(breakEndedAt: number, played: number, now: number): { play: boolean; played: number; nextAt: number | null } {
  const elapsed = now - breakEndedAt;
  const latest = elapsed < 0 ? -1 : Math.min(BREAK_CALLBACK_MAX_PLAYS - 1, Math.floor(elapsed / BREAK_CALLBACK_INTERVAL_MS));
  const play = latest >= played && now < breakCallBackAt(breakEndedAt, latest) + BREAK_CALLBACK_INTERVAL_MS;
  const nowPlayed = Math.max(played, latest + 1);
  return { play, played: nowPlayed, nextAt: nowPlayed < BREAK_CALLBACK_MAX_PLAYS ? breakCallBackAt(breakEndedAt, nowPlayed) : null };
}

interface BreakCallBackContext {
  /** When the break ended, epoch ms; null while no notice is up. */
  breakEndedAt: number | null;
  /** Sounds played (or skipped by a sleep) for this break's end. */
  played: number;
}

export type BreakCallBackEvent =
  /**
   * A break ended at `endedAt` (epoch ms) and focus does not start by itself; `now`: the app's
   * clock; `played`: sounds already played for it (a page reloaded while calling back), else 0.
   */
  | { type: "BREAK_ENDED"; endedAt: number; now: number; played?: number }
  /** The app's clock woke the chart (a sound may be due). */
  | { type: "TICK"; now: number }
  /** The next focus session started (here or on another device): the notice and the sound end. */
  | { type: "FOCUS_STARTED" }
  /** The user dismissed the notice. */
  | { type: "DISMISS" };

/**
 * Wakes the chart with a TICK at each sound's moment, on the app's clock (`now`): the web app
 * gives the server's. A late timer (a hidden tab) fires late; the TICK's `now` tells the chart
 * how late, and only the latest sound is played.
 */
export function callBackTickerWith(now: () => number) {
  return fromCallback<EventObject, { breakEndedAt: number; played: number }>(({ sendBack, input }) => {
    const { nextAt } = breakCallBackDue(input.breakEndedAt, input.played, now());
    if (nextAt === null) return () => {};
    const handle = setTimeout(() => sendBack({ type: "TICK", now: now() }), Math.max(0, nextAt - now()));
    return () => clearTimeout(handle);
  });
}

/**
 * The notice's chart: `idle` (nothing up), `calling` (notice up, sounds to come), `quiet` (notice
 * up, the sounds done). The effect `playCallBack` (the sound) is named here and given by the app.
 */
export const breakCallBackMachine = setup({
  types: { context: {} as BreakCallBackContext, events: {} as BreakCallBackEvent },
  actors: { ticker: callBackTickerWith(() => Date.now()) },
  guards: {
    /** A break's end noticed more than 10 minutes late (the app was closed) calls nothing back, as an automatic start would not happen. */
    breakTooLongAgo: ({ event }) => event.type === "BREAK_ENDED" && event.now - event.endedAt >= TIMER_STATE_MAX_AGE_MS,
    soundDue: ({ context, event }) => "now" in event && context.breakEndedAt !== null && breakCallBackDue(context.breakEndedAt, context.played, event.now).play,
    allPlayed: ({ context }) => context.played >= BREAK_CALLBACK_MAX_PLAYS,
  },
  actions: {
    begin: assign(({ event }) => (event.type === "BREAK_ENDED" ? { breakEndedAt: event.endedAt, played: event.played ?? 0 } : {})),
    countDue: assign(({ context, event }) =>
      "now" in event && context.breakEndedAt !== null ? { played: breakCallBackDue(context.breakEndedAt, context.played, event.now).played } : {},
    ),
    clear: assign({ breakEndedAt: null, played: 0 }),
    /** Effect, provided by the app: play the soft call-back sound once. */
    playCallBack: () => {},
  },
}).createMachine({
  id: "breakCallBack",
  context: { breakEndedAt: null, played: 0 },
  initial: "idle",
  on: {
    // The first sound is due at once (the TICK raised with the app's clock decides).
    BREAK_ENDED: [
      { guard: "breakTooLongAgo" },
      { target: ".calling", reenter: true, actions: ["begin", raise(({ event }) => ({ type: "TICK" as const, now: event.now }))] },
    ],
    FOCUS_STARTED: { target: ".idle", actions: "clear" },
    DISMISS: { target: ".idle", actions: "clear" },
  },
  states: {
    idle: {},
    calling: {
      invoke: { src: "ticker", input: ({ context }) => ({ breakEndedAt: context.breakEndedAt ?? 0, played: context.played }) },
      always: { guard: "allPlayed", target: "quiet" },
      on: {
        // A sound too late to play (the app slept past the last one) is counted as done all the same.
        TICK: [
          { guard: "soundDue", target: "calling", reenter: true, actions: ["countDue", "playCallBack"] },
          { target: "calling", reenter: true, actions: "countDue" },
        ],
      },
    },
    quiet: {},
  },
});
