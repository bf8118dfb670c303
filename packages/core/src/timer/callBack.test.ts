import { getShortestPaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type EventObject } from "xstate";
import { BREAK_CALLBACK_INTERVAL_MS as STEP, BREAK_CALLBACK_MAX_PLAYS, breakCallBackDue, breakCallBackMachine, type BreakCallBackEvent } from "./callBack";

const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();

/** The chart without its timer (the tests send TICKs), counting its sounds. */
function callBack() {
  const sounds: number[] = [];
  const machine = breakCallBackMachine.provide({
    actors: { ticker: fromCallback<EventObject, { breakEndedAt: number; played: number }>(() => () => {}) },
    actions: { playCallBack: ({ event }) => sounds.push("now" in event ? event.now : -1) },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, sounds, state: () => actor.getSnapshot().value };
}

describe("which call-back sounds are due", () => {
  it("plays at the break's end and every 30 s, five times in all", () => {
    let played = 0;
    const times: number[] = [];
    for (let now = T0; now <= T0 + 10 * STEP; now += 1000) {
      const due = breakCallBackDue(T0, played, now);
      if (due.play) times.push(now);
      played = due.played;
    }
    expect(times).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * STEP));
    expect(breakCallBackDue(T0, BREAK_CALLBACK_MAX_PLAYS, T0 + 10 * STEP)).toEqual({ play: false, played: 5, nextAt: null });
  });

  it("after a sleep plays only the latest sound due, once", () => {
    expect(breakCallBackDue(T0, 1, T0 + 2 * STEP + 5000)).toEqual({ play: true, played: 3, nextAt: T0 + 3 * STEP });
    expect(breakCallBackDue(T0, 3, T0 + 2 * STEP + 6000).play).toBe(false);
  });

  it("plays nothing when the app wakes long after the last sound's moment", () => {
    expect(breakCallBackDue(T0, 0, T0 + 60 * 60_000)).toEqual({ play: false, played: 5, nextAt: null });
  });
});

describe("the break-end call-back chart", () => {
  it("rings at once, repeats, and stops ringing after the fifth sound while the notice stays", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 });
    expect(sounds).toEqual([T0]);
    for (let i = 1; i <= 6; i += 1) actor.send({ type: "TICK", now: T0 + i * STEP });
    expect(sounds).toHaveLength(5);
    expect(state()).toBe("quiet");
    actor.send({ type: "DISMISS" });
    expect(state()).toBe("idle");
  });

  it("stops the repeats when focus starts", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 });
    actor.send({ type: "TICK", now: T0 + STEP });
    actor.send({ type: "FOCUS_STARTED" });
    actor.send({ type: "TICK", now: T0 + 2 * STEP });
    expect(sounds).toHaveLength(2);
    expect(state()).toBe("idle");
  });

  it("stops the repeats when the notice is dismissed", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 });
    actor.send({ type: "DISMISS" });
    actor.send({ type: "TICK", now: T0 + STEP });
    expect(sounds).toHaveLength(1);
    expect(state()).toBe("idle");
  });

  it("after a simulated sleep plays only the latest sound, and carries on from there", () => {
    const { actor, sounds } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 });
    actor.send({ type: "TICK", now: T0 + 3 * STEP + 4000 });
    expect(sounds).toEqual([T0, T0 + 3 * STEP + 4000]);
    expect(actor.getSnapshot().context.played).toBe(4);
    actor.send({ type: "TICK", now: T0 + 4 * STEP });
    expect(sounds).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe("quiet");
  });

  it("shows the notice without a sound for a break that ended minutes before the app noticed", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 + 5 * 60_000 });
    expect(sounds).toEqual([]);
    expect(state()).toBe("quiet");
  });

  it("after a reload carries on from the sounds already played, never repeating one", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 + STEP + 3000, played: 2 });
    expect(sounds).toEqual([]);
    expect(state()).toBe("calling");
    actor.send({ type: "TICK", now: T0 + 2 * STEP });
    expect(sounds).toEqual([T0 + 2 * STEP]);
  });

  it("calls nothing back for a break that ended more than 10 minutes before the app noticed", () => {
    const { actor, sounds, state } = callBack();
    actor.send({ type: "BREAK_ENDED", endedAt: T0, now: T0 + 30 * 60_000 });
    expect(sounds).toEqual([]);
    expect(state()).toBe("idle");
  });

  it("reaches every state, and every shortest path ends where a start or a dismiss leaves it: nothing ringing", () => {
    const events: BreakCallBackEvent[] = [
      { type: "BREAK_ENDED", endedAt: T0, now: T0 },
      { type: "TICK", now: T0 + STEP },
      { type: "TICK", now: T0 + 4 * STEP },
      { type: "FOCUS_STARTED" },
      { type: "DISMISS" },
    ];
    const paths = getShortestPaths(breakCallBackMachine, { events });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"idle"', '"calling"', '"quiet"']));
    for (const path of paths) {
      const { actor, sounds } = callBack();
      for (const step of path.steps.slice(1)) actor.send(step.event as BreakCallBackEvent);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      const before = sounds.length;
      actor.send(path.steps.length % 2 ? { type: "FOCUS_STARTED" } : { type: "DISMISS" });
      actor.send({ type: "TICK", now: T0 + 2 * STEP });
      expect(sounds.length).toBe(before);
      expect(actor.getSnapshot().value).toBe("idle");
    }
  });
});
