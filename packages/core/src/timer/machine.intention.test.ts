import { describe, expect, it } from "vitest";
import { createActor, fromCallback, SimulatedClock, type EventObject } from "xstate";
import { DEFAULT_SETTINGS, type TimerSettings } from "../schemas/settings";
import { applyTimerCommands, newAccountTimer, settleAccountTimer, syncedPartOf } from "./accountTimer";
import { timerCommandSchema } from "./accountTimerSchema";
import { timerMachine } from "./machine";
import { parsePersistedTimerState, toPersistedTimerState } from "./persistence";
import type { SessionCompleted, SessionStopped, TimerAccess, TimerInput } from "./types";

const MIN = 60_000;
/** A fixed local noon, so no day rolls over. */
const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();
const settings: TimerSettings = { ...DEFAULT_SETTINGS, autoStartBreaks: false, autoStartFocus: false };
const SEED = "a".repeat(32);
const OPEN: TimerAccess = {
  isGuest: false,
  subscription: { subscriptionPlan: "premium", subscriptionStatus: "active", trialEndDate: null },
  guestSessionUsedOn: null,
  focusSessionsToday: 0,
};

/** The chart without its ticker (the tests send TICKs), its recorded sessions kept. */
function start(input: Partial<TimerInput> = {}) {
  const completed: SessionCompleted[] = [];
  const stopped: SessionStopped[] = [];
  const machine = timerMachine.provide({
    actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) },
    actions: {
      sessionCompleted: (_, params) => completed.push(params),
      sessionStopped: (_, params) => stopped.push(params),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { settings, now: T0, ...input } });
  actor.start();
  return { actor, completed, stopped };
}

describe("the intention of a focus session", () => {
  it("is set by the start, trimmed, shown while the session runs and recorded with it", () => {
    const { actor, completed } = start();
    actor.send({ type: "START", now: T0, intention: "  Write the intro  " });
    expect(actor.getSnapshot().context.intention).toBe("Write the intro");
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(completed[0]?.session).toMatchObject({ type: "focus", intention: "Write the intro" });
  });

  it("ends with the focus session: the break that follows has none", () => {
    const { actor, completed } = start();
    actor.send({ type: "START", now: T0, intention: "Write the intro" });
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(actor.getSnapshot().context.intention).toBeNull();
    actor.send({ type: "START", now: T0 + 26 * MIN, intention: "ignored for a break" });
    expect(actor.getSnapshot().context.intention).toBeNull();
    actor.send({ type: "TICK", now: T0 + 31 * MIN });
    expect(completed[1]?.session).not.toHaveProperty("intention");
  });

  it("is kept over a pause and resume, and a resume cannot change it", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, intention: "Outline" });
    actor.send({ type: "PAUSE", now: T0 + MIN });
    actor.send({ type: "START", now: T0 + 2 * MIN, intention: "Something else" });
    expect(actor.getSnapshot().context.intention).toBe("Outline");
  });

  it("treats an empty or blank intention as none", () => {
    const { actor, completed } = start();
    actor.send({ type: "START", now: T0, intention: "   " });
    expect(actor.getSnapshot().context.intention).toBeNull();
    actor.send({ type: "TICK", now: T0 + 25 * MIN });
    expect(completed[0]?.session).not.toHaveProperty("intention");
  });

  it("is cleared by a reset, recorded with the stopped session, and brought back by Undo", () => {
    const { actor, stopped } = start();
    actor.send({ type: "START", now: T0, intention: "Outline" });
    actor.send({ type: "RESET", now: T0 + 5 * MIN });
    expect(actor.getSnapshot().context.intention).toBeNull();
    expect(stopped[0]?.session).toMatchObject({ completed: false, intention: "Outline" });
    actor.send({ type: "UNDO", now: T0 + 5 * MIN + 1000 });
    expect(actor.getSnapshot().context.intention).toBe("Outline");
  });

  it("survives a reload of a running session", () => {
    const { actor } = start();
    actor.send({ type: "START", now: T0, intention: "Outline" });
    const saved = parsePersistedTimerState(JSON.parse(JSON.stringify(toPersistedTimerState(actor.getSnapshot().context, true))));
    const again = start({ restore: saved, now: T0 + MIN });
    expect(again.actor.getSnapshot().context.intention).toBe("Outline");
  });
});

describe("the intention on the account's timer", () => {
  it("travels with the start command to the server's timer and to another device", () => {
    const env = { settings, access: OPEN, now: T0 };
    const { timer } = applyTimerCommands(
      newAccountTimer(settings, SEED, T0),
      [{ id: "5b7d1a36-1b7c-4c3e-9d3f-2d0a7f1e0b11", command: { type: "start", intention: "Write the intro" }, at: T0 }],
      0,
      env,
    );
    expect(timer.intention).toBe("Write the intro");
    const other = start();
    other.actor.send({ type: "SYNC", timer: syncedPartOf(timer), now: T0 + 1000 });
    expect(other.actor.getSnapshot().context.intention).toBe("Write the intro");
  });

  it("is recorded by the server with the session it ends, and gone from the account's timer after it", () => {
    const env = { settings, access: OPEN, now: T0 };
    const { timer } = applyTimerCommands(
      newAccountTimer(settings, SEED, T0),
      [{ id: "5b7d1a36-1b7c-4c3e-9d3f-2d0a7f1e0b12", command: { type: "start", intention: "Outline" }, at: T0 }],
      0,
      env,
    );
    const settled = settleAccountTimer(timer, { ...env, now: T0 + 25 * MIN + 1000 });
    const recorded = settled.effects.find((e) => e.type === "sessionCompleted");
    expect(recorded?.type === "sessionCompleted" && recorded.session).toMatchObject({ type: "focus", intention: "Outline" });
    expect(settled.timer.intention).toBeNull();
  });

  it("is refused by the command schema past 140 characters or with hidden characters", () => {
    expect(timerCommandSchema.safeParse({ type: "start", intention: "x".repeat(141) }).success).toBe(false);
    expect(timerCommandSchema.safeParse({ type: "start", intention: "a\u202Eb" }).success).toBe(false);
    expect(timerCommandSchema.safeParse({ type: "start", intention: "x".repeat(140) }).success).toBe(true);
  });
});
