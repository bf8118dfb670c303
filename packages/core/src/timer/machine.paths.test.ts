import { getShortestPaths, getSimplePaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock, type SnapshotFrom } from "xstate";
import { AUTO_START_DELAY_MS, STOPPED_SESSION_MIN_MS, type TimerMode } from "../constants";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { modeDurationMs, nextModeAfter, startBlockReason } from "./machine";
import { recording, silentMachine } from "./testChart";
import { remainingMsOf } from "./timeLeft";
import type { SyncedTimer, TimerAccess, TimerEffect, TimerEvent, TimerInput, TimerRestore } from "./types";

/**
 * Model-based tests (every state reachable, every path): the graph of the chart
 * is explored from several inputs (fresh, and each restore branch) with an event alphabet
 * that holds every event type, whose timestamps follow the state. Every path found is then
 * replayed on a real actor, which must end where the graph says and keep the rules a user
 * relies on along the way.
 */
const MIN = 60_000;
const T0 = new Date(2026, 10, 22, 9, 0, 0).getTime();
const machine = silentMachine;
type Snapshot = SnapshotFrom<typeof machine>;
const AFTER_EVENT = "xstate.after.autoStartDelay.timer.autoStarting";
const MODES: TimerMode[] = ["focus", "shortBreak", "longBreak"];

/** A long break after every 2nd focus session, so the graph reaches one in few steps. */
const SETTINGS: TimerSettings = {
  focusDuration: DEFAULT_SETTINGS.focusDuration,
  shortBreakDuration: DEFAULT_SETTINGS.shortBreakDuration,
  longBreakDuration: DEFAULT_SETTINGS.longBreakDuration,
  longBreakInterval: 2,
  autoStartBreaks: true,
  autoStartFocus: false,
};
/** Same durations, other auto-start choice: applied without a reset. */
const SETTINGS_AUTO_FOCUS: TimerSettings = { ...SETTINGS, autoStartFocus: true };
/** Other durations: resets the session. */
const SETTINGS_SHORT: TimerSettings = { ...SETTINGS, focusDuration: 10, shortBreakDuration: 2 };
const SETTINGS_VARIANTS = [SETTINGS, SETTINGS_AUTO_FOCUS, SETTINGS_SHORT];

const OPEN: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};
/** Trial over (the Free plan) with today's two free focus sessions used. */
const EXPIRED: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "free", subscriptionStatus: "trial", trialEndDate: new Date(T0 - MIN).toISOString() },
  guestSessionUsedOn: null,
  focusSessionsToday: 2,
};

/** Another device's paused focus session, as the server sends it (`SYNC`). */
const SYNCED: SyncedTimer = {
  status: "paused",
  mode: "focus",
  durationMs: 25 * MIN,
  remainingMs: 20 * MIN,
  endsAt: null,
  sessionStartTime: T0 - 6 * MIN,
  lastCompletedAt: null,
  totalSessions: 1,
  sessionTask: null,
  seed: "0123456789abcdef0123",
  undo: null,
  strict: false,
};

function eventsFor(s: Snapshot): TimerEvent[] {
  const now = s.context.now;
  // A pause 90 s in, so a reset of the paused session ends one with more than a minute of focus.
  const pauseAt = s.context.endsAt === null ? now + 1000 : Math.min(now + 90_000, s.context.endsAt - 1000);
  const events: TimerEvent[] = [
    { type: "START", now },
    // A strict start (the Focus Arena's switch): the session refuses pause, reset and mode changes.
    { type: "START", now, strict: true },
    { type: "TOGGLE", now: pauseAt },
    // End early a minute and a half in (or just before the end): the escape hatch.
    { type: "END_EARLY", now: pauseAt },
    { type: "PAUSE", now: pauseAt },
    { type: "RESET", now },
    ...MODES.map((mode) => ({ type: "SET_MODE" as const, mode, now })),
    ...SETTINGS_VARIANTS.filter((v) => v !== s.context.settings).map((settings) => ({ type: "SET_SETTINGS" as const, settings, now })),
    { type: "SET_ACCESS", access: s.context.access === OPEN ? EXPIRED : OPEN },
    { type: "SYNC", timer: SYNCED, now },
    // A corrected clock, a little behind the chart's latest instant.
    { type: "CLOCK", now: now - 2000 },
  ];
  if (s.context.endsAt !== null) events.push({ type: "TICK", now: s.context.endsAt });
  if (s.matches("autoStarting")) events.push({ type: AFTER_EVENT } as unknown as TimerEvent);
  // Undo a second after the reset, and once its window has closed.
  if (s.context.undo !== null) events.push({ type: "UNDO", now: now + 1000 }, { type: "UNDO", now: s.context.undo.until, late: true } as TimerEvent);
  return events;
}

/**
 * The abstract state: state, mode, sessions done, where the time left stands against the full
 * session (more while an auto-started session waits for its start, equal, less), settings and
 * access. Exact times are left out so the graph stays finite.
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.mode,
    s.context.totalSessions,
    Math.sign((s.context.endsAt === null ? s.context.remainingMs : s.context.endsAt - s.context.now) - s.context.durationMs),
    SETTINGS_VARIANTS.indexOf(s.context.settings),
    s.context.access === OPEN,
    s.context.undo === null ? "no undo" : s.context.undo.stopped === null ? "undo" : "undo, stopped recorded",
    s.context.strict,
  ]);

/**
 * What an event means, without its timestamps. Graph states are abstract (see
 * `serializeState`), so a path is replayed by meaning: each step sends the event of the same
 * kind that `eventsFor` offers in the replayed actor's own state, stamped with its own times.
 */
function kindOf(event: TimerEvent): string {
  switch (event.type) {
    case "SET_MODE":
      return `SET_MODE:${event.mode}`;
    case "SET_SETTINGS":
      return `SET_SETTINGS:${SETTINGS_VARIANTS.indexOf(event.settings)}`;
    case "SET_ACCESS":
      return `SET_ACCESS:${event.access === OPEN ? "open" : "expired"}`;
    case "UNDO":
      return "late" in event ? "UNDO:late" : "UNDO";
    case "START":
      return event.strict ? "START:strict" : "START";
    default:
      return event.type;
  }
}

/** Saved states: a running one is restored at any age, a paused one when younger than 10 minutes. */
const savedRunningLongBreak: TimerRestore = {
  mode: "longBreak",
  isActive: true,
  endsAt: T0 + 5 * MIN,
  remainingMs: 5 * MIN,
  durationMs: modeDurationMs(SETTINGS, "longBreak"),
  sessionStartTime: T0 - 10 * MIN,
  timestamp: T0 - 2 * MIN,
};
const savedPausedFocus: TimerRestore = {
  mode: "focus",
  isActive: false,
  endsAt: null,
  remainingMs: 20 * MIN,
  durationMs: modeDurationMs(SETTINGS, "focus"),
  sessionStartTime: T0 - 30 * MIN,
  timestamp: T0 - 9 * MIN,
};
const savedTooOld: TimerRestore = { ...savedPausedFocus, mode: "shortBreak", durationMs: 5 * MIN, remainingMs: 3 * MIN, timestamp: T0 - 11 * MIN };

const INPUTS: Record<string, TimerInput> = {
  fresh: { settings: SETTINGS, now: T0, access: OPEN },
  restoredRunning: { settings: SETTINGS, now: T0, access: OPEN, restore: savedRunningLongBreak },
  restoredPaused: { settings: SETTINGS, now: T0, access: OPEN, restore: savedPausedFocus },
  restoredTooOld: { settings: SETTINGS, now: T0, access: OPEN, restore: savedTooOld },
};

// Bound the exploration: three focus sessions cover a short break, a long break and the
// focus after it with an interval of 2.
const stopWhen = (s: Snapshot) => s.context.totalSessions > 2;

interface Replay {
  snapshot: Snapshot;
  emitted: TimerEffect[];
}

/**
 * Replays a path's events on a real actor driven by a simulated clock (the named auto-start
 * delay elapses on the clock) and checks, after every event, what a user relies on.
 */
function replay(input: TimerInput, steps: readonly TimerEvent[]): Replay {
  const clock = new SimulatedClock();
  const emitted: TimerEffect[] = [];
  const actor = createActor(recording(emitted), { clock, input }).start();
  let focusDone = input.counters?.totalSessions ?? 0;
  for (const step of steps) {
    const before = actor.getSnapshot();
    const event = eventsFor(before).find((e) => kindOf(e) === kindOf(step));
    // The graph offered this kind of event in the same abstract state, so the actor must be offered it too.
    expect(event, `${kindOf(step)} in ${serializeState(before)}`).toBeDefined();
    if (!event) break;
    const seen = emitted.length;
    if ((event.type as string) === AFTER_EVENT) clock.increment(AUTO_START_DELAY_MS);
    else actor.send(event);
    const after = actor.getSnapshot();
    // A strict focus session is never paused, reset or changed by a command: only its end, End early or the account's timer end it.
    if (before.context.strict && before.matches("running") && !["TICK", "END_EARLY", "SYNC"].includes(event.type)) {
      expect(after.matches("running")).toBe(true);
      expect(after.context.sessionStartTime).toBe(before.context.sessionStartTime);
    }
    // Only a strict session can be ended early; otherwise End early changes nothing.
    if (event.type === "END_EARLY" && !before.context.strict) {
      expect([after.value, after.context.remainingMs, after.context.endsAt]).toEqual([before.value, before.context.remainingMs, before.context.endsAt]);
    }
    for (const e of emitted.slice(seen)) {
      if (e.type === "startRefused") {
        // A start is refused only when the access rules say so, and then nothing starts.
        expect(startBlockReason({ ...before.context, now: "now" in event ? event.now : before.context.now })).toBe(e.reason);
        expect(after.value).toBe(before.value);
      } else if (e.type === "strictRefused") {
        // Only a strict focus session under way refuses, and then nothing changes but the time.
        expect(before.context.strict && before.context.mode === "focus").toBe(true);
        expect(["PAUSE", "TOGGLE", "RESET", "SET_MODE", "FOLLOW_ROUND"]).toContain(event.type);
        expect([after.value, after.context.mode, after.context.endsAt, after.context.remainingMs]).toEqual([
          before.value,
          before.context.mode,
          before.context.endsAt,
          before.context.remainingMs,
        ]);
      } else if (e.type === "roundRefused") {
        // Only a room's round under way refuses, and then nothing changes but the time.
        expect(before.context.inRound).toBe(true);
        expect([after.value, after.context.mode, after.context.endsAt]).toEqual([before.value, before.context.mode, before.context.endsAt]);
      } else if (e.type === "sessionStopped" && event.type === "END_EARLY") {
        // End early records the strict session as stopped, whatever its length, marked with the escape.
        expect(before.context.strict).toBe(true);
        const focused = before.context.durationMs - remainingMsOf({ ...before.context, now: event.now });
        expect(e.session).toMatchObject({ type: "focus", completed: false, duration: Math.round(focused / 1000), escapedAt: new Date(event.now).toISOString() });
        expect(after.value).toBe("idle");
        expect(after.context.undo).toBeNull();
      } else if (e.type === "sessionStopped") {
        // Only a reset or mode change of a focus session with a minute of focus or more records
        // it, as stopped, with the focus it really had; Undo then holds that record.
        expect(["RESET", "SET_MODE"]).toContain(event.type);
        expect(before.context.mode).toBe("focus");
        const focused = before.context.durationMs - remainingMsOf({ ...before.context, now: (event as { now: number }).now });
        expect(focused).toBeGreaterThanOrEqual(STOPPED_SESSION_MIN_MS);
        expect(e.session).toMatchObject({ type: "focus", completed: false, duration: Math.round(focused / 1000) });
        expect(after.context.undo?.stopped).toEqual(e.session);
      } else if (e.type === "stopUndone") {
        // Undo withdraws exactly the record the stop made.
        expect(event.type).toBe("UNDO");
        expect(e.session).toEqual(before.context.undo?.stopped);
      } else {
        // The next mode follows the long-break interval (`docs/product.md`), and the chart moves to it.
        if (e.mode === "focus") focusDone++;
        expect(e.nextMode).toBe(nextModeAfter(e.mode, focusDone, after.context.settings.longBreakInterval));
        expect(after.context.mode).toBe(e.nextMode);
        expect(e.session.type).toBe(e.mode === "focus" ? "focus" : "break");
        expect(e.session.duration).toBe(before.context.durationMs / 1000);
      }
    }
    // A start with open access from idle or paused always runs the clock.
    if ((event.type === "START" || event.type === "TOGGLE") && !before.matches("running") && !before.matches("autoStarting")) {
      const blocked = startBlockReason({ ...before.context, now: event.now }) !== null;
      expect(after.matches("running")).toBe(!blocked);
    }
    // Pausing keeps exactly the time left at that instant; resuming runs exactly that long.
    if (before.matches("running") && after.matches("paused") && (event.type === "PAUSE" || event.type === "TOGGLE")) {
      expect(after.context.remainingMs).toBe(before.context.endsAt! - event.now);
    }
    if (before.matches("paused") && after.matches("running") && (event.type === "START" || event.type === "TOGGLE")) {
      expect(after.context.endsAt).toBe(Math.max(event.now, before.context.now) + before.context.remainingMs);
    }
    // Undo within its window brings the session back as it was; after it, nothing changes.
    if (event.type === "UNDO") {
      const undo = before.context.undo!;
      if (event.now < undo.until) {
        expect(after.context.sessionStartTime).toBe(undo.sessionStartTime);
        if (undo.status === "paused") expect([after.value, after.context.remainingMs]).toEqual(["paused", undo.remainingMs]);
        else expect(after.context.endsAt ?? after.context.lastCompletedAt).toBe(undo.endsAt);
      } else {
        expect(after.value).toBe(before.value);
        expect(after.context.mode).toBe(before.context.mode);
      }
    }
    // A synced timer is taken as it is, and nothing is recorded or announced.
    if (event.type === "SYNC") {
      // The account's count of focus sessions is the server's from now on.
      focusDone = SYNCED.totalSessions;
      expect(after.value).toBe(SYNCED.status);
      expect([after.context.mode, after.context.remainingMs, after.context.sessionStartTime]).toEqual([SYNCED.mode, SYNCED.remainingMs, SYNCED.sessionStartTime]);
      expect(emitted.length).toBe(seen);
    }
    const left = remainingMsOf(after.context);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThanOrEqual(after.context.durationMs);
    expect(after.context.endsAt !== null).toBe(after.matches("running"));
    // A session not yet started has its mode's length from the settings; a started one keeps
    // its own length when the settings change (the new one applies from the next session).
    if (after.matches("idle") || after.matches("autoStarting")) {
      expect(after.context.durationMs).toBe(modeDurationMs(after.context.settings, after.context.mode));
    }
    if (event.type === "SET_SETTINGS" && (before.matches("running") || before.matches("paused"))) {
      expect(after.value).toBe(before.value);
      expect([after.context.durationMs, after.context.endsAt, after.context.remainingMs]).toEqual([
        before.context.durationMs,
        before.context.endsAt,
        before.context.remainingMs,
      ]);
    }
  }
  return { snapshot: actor.getSnapshot(), emitted };
}

const pathEvents = (steps: readonly { event: TimerEvent }[]) =>
  steps.map((s) => s.event).filter((e) => (e.type as string) !== "xstate.init");

describe("timer chart paths", () => {
  const shortest = Object.fromEntries(
    Object.entries(INPUTS).map(([name, input]) => [
      name,
      getShortestPaths(machine, { input, events: eventsFor, serializeState, stopWhen }),
    ]),
  );
  const all = Object.values(shortest).flat();

  it("reaches every state and every mode, including a long break after the 2nd focus session", () => {
    const states = new Set(all.map((p) => JSON.stringify(p.state.value)));
    // A strict focus session is reached, and End early leaves it for a waiting timer.
    expect(all.some((p) => p.state.context.strict && p.state.matches("running"))).toBe(true);
    expect(all.some((p) => p.steps.at(-1)?.event.type === "END_EARLY" && p.state.matches("idle") && !p.state.context.strict)).toBe(true);
    expect([...states].sort()).toEqual(['"autoStarting"', '"idle"', '"paused"', '"running"']);
    // A reset of a focus session with a minute of focus is recorded as stopped and can be undone.
    expect(all.some((p) => serializeState(p.state).includes("undo, stopped recorded"))).toBe(true);
    // Undo from every state that offers it brings the session back (checked on the way by `replay`).
    let undone = 0;
    for (const [name, paths] of Object.entries(shortest)) {
      for (const path of paths.filter((p) => p.state.context.undo !== null)) {
        const { snapshot } = replay(INPUTS[name]!, [...pathEvents(path.steps), { type: "UNDO", now: path.state.context.now }]);
        expect(snapshot.context.undo).toBeNull();
        undone++;
      }
    }
    expect(undone).toBeGreaterThan(0);
    const modes = new Set(all.map((p) => p.state.context.mode));
    expect([...modes].sort()).toEqual(["focus", "longBreak", "shortBreak"]);
    // Not only by choosing it: the fresh chart reaches a long break when the 2nd focus session ends.
    const earned = shortest.fresh!.filter(
      (p) => p.state.context.mode === "longBreak" && p.state.context.totalSessions === 2 && p.steps.at(-1)?.event.type === "TICK",
    );
    expect(earned.length).toBeGreaterThan(0);
    expect(earned.some((p) => p.state.matches("autoStarting"))).toBe(true);
    // The named delay is part of the graph: an auto-start leads to a running break.
    const autoStarted = all.filter((p) => (p.steps.at(-1)?.event.type as string | undefined) === AFTER_EVENT);
    expect(autoStarted.length).toBeGreaterThan(0);
    expect(autoStarted.every((p) => p.state.matches("running"))).toBe(true);
  }, 30_000);

  it("takes each restore branch: running and paused when younger than 10 minutes, a fresh session when older", () => {
    const initial = (name: string) => createActor(machine, { input: INPUTS[name]! }).start().getSnapshot();
    const running = initial("restoredRunning");
    expect(running.value).toBe("running");
    expect(running.context.mode).toBe("longBreak");
    expect(remainingMsOf(running.context)).toBe(5 * MIN);
    const paused = initial("restoredPaused");
    expect(paused.value).toBe("paused");
    expect(paused.context.remainingMs).toBe(20 * MIN);
    const old = initial("restoredTooOld");
    expect(old.value).toBe("idle");
    expect(old.context.mode).toBe("focus");
    expect(old.context.remainingMs).toBe(25 * MIN);
    // Each branch is a start of its own graph, and the graph goes on from it.
    for (const [name, first] of [["restoredRunning", running], ["restoredPaused", paused], ["restoredTooOld", old]] as const) {
      expect(shortest[name]!.some((p) => serializeState(p.state) === serializeState(first))).toBe(true);
    }
    // A restored running long break ends on its own clock and focus comes next.
    const emitted: TimerEffect[] = [];
    const actor = createActor(recording(emitted), { input: INPUTS.restoredRunning! }).start();
    actor.send({ type: "TICK", now: savedRunningLongBreak.endsAt! });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.mode).toBe("focus");
    expect(emitted).toMatchObject([{ type: "sessionCompleted", mode: "longBreak", nextMode: "focus" }]);
  });

  it("ends every shortest path on a real actor where the graph says, keeping the rules on the way", () => {
    let replayed = 0;
    for (const [name, paths] of Object.entries(shortest)) {
      for (const path of paths) {
        const events = pathEvents(path.steps);
        const { snapshot, emitted } = replay(INPUTS[name]!, events);
        expect(serializeState(snapshot)).toBe(serializeState(path.state));
        // Focus sessions done since the last sync (or since the start) count towards the long break.
        const lastSync = events.findLastIndex((e) => e.type === "SYNC");
        const completions = emitted.filter((e) => e.type === "sessionCompleted" && e.mode === "focus");
        const since = lastSync < 0 ? completions.length : completions.filter((e) => e.type === "sessionCompleted" && e.endedAt >= (events[lastSync] as { now: number }).now).length;
        expect(snapshot.context.totalSessions).toBe((lastSync < 0 ? 0 : SYNCED.totalSessions) + since);
        replayed++;
      }
    }
    expect(replayed).toBeGreaterThan(100);
  }, 30_000);

  // Simple paths grow exponentially with the alphabet: this one keeps to the clock's events.
  it("keeps its invariants on every simple path of the fresh chart through its first two focus sessions", () => {
    const kinds = new Set(["START", "PAUSE", "RESET", "SET_MODE:shortBreak", "TICK", AFTER_EVENT]);
    const simple = getSimplePaths(machine, {
      input: INPUTS.fresh,
      events: (s: Snapshot) => eventsFor(s).filter((e) => kinds.has(kindOf(e))),
      serializeState,
      stopWhen: (s: Snapshot) => s.context.totalSessions > 1,
    });
    expect(simple.length).toBeGreaterThan(20);
    for (const path of simple) {
      const { snapshot } = replay(INPUTS.fresh!, pathEvents(path.steps));
      expect(serializeState(snapshot)).toBe(serializeState(path.state));
    }
  });
});
