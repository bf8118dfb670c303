import { getShortestPaths, getSimplePaths } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { fromPromise, transition, type SnapshotFrom } from "xstate";
import type { AudioFile } from "../audio/schemas";
import { listenerMayPlay, type AudioListener } from "../subscription/plan";
import { localPlayerMachine } from "./localMachine";
import { audioPlayerMachine } from "./machine";
import { fakeTracks } from "./testTracks";
import type { LocalPlayerEvent } from "./localTypes";
import type { AudioPlayerEvent, LoadTracksInput } from "./types";

/**
 * Model-based tests (every state reachable, every path): both players' charts are
 * explored with a finite event alphabet, and invariants are checked on every step of every
 * simple path.
 */

const DONE = "xstate.done.actor.loadTracks";
const ERROR = "xstate.error.actor.loadTracks";
const machine = audioPlayerMachine.provide({
  // The graph supplies the list call's outcome as events; the actor itself never settles.
  actors: { loadTracks: fromPromise<AudioFile[], LoadTracksInput>(() => new Promise(() => {})) },
});
type Snapshot = SnapshotFrom<typeof machine>;

function moodEvents(s: Snapshot): AudioPlayerEvent[] {
  const events: AudioPlayerEvent[] = [
    { type: "SELECT_MOOD", mood: "deep-work" },
    { type: "SELECT_MOOD", mood: "relax", autoplay: true },
    { type: "PLAY" },
    { type: "PLAY", mood: "relax" },
    { type: "PAUSE" },
    { type: "TOGGLE" },
    { type: "STOP" },
    { type: "CHANGE_FLOW" },
    { type: "CLEAR" },
    { type: "SET_GUEST", isGuest: !s.context.isGuest },
    { type: "MEDIA_PLAYING" },
    { type: "MEDIA_PAUSED" },
    { type: "MEDIA_ERROR" },
    { type: "PLAY_FAILED" },
  ];
  if (s.matches("loading")) {
    const mood = s.context.mood ?? "deep-work";
    events.push(
      // Deep Work with one track a guest may play and one it may not.
      { type: DONE, output: mood === "deep-work" ? [fakeTracks(mood, 1)[0], STEADY_BETA] : fakeTracks(mood, 2) } as unknown as AudioPlayerEvent,
      { type: DONE, output: [] } as unknown as AudioPlayerEvent,
      { type: ERROR, error: new Error("offline") } as unknown as AudioPlayerEvent,
    );
  }
  return events;
}

const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.mood, s.context.track?.path ?? null, s.context.autoplay, s.context.resuming, s.context.isGuest, s.context.error]);

describe("mood player chart paths", () => {
  const options = { input: { seed: 1 }, events: moodEvents, serializeState: serialize };

  it("reaches every state, with and without a guest, and every failure", () => {
    const paths = getShortestPaths(machine, options);
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(values).toEqual(new Set(["idle", "loading", "loaded", "playing", "paused"].map((v) => JSON.stringify(v))));
    const errors = new Set(paths.map((p) => p.state.context.error));
    expect(errors).toEqual(
      new Set([null, "Failed to load audio tracks", "No tracks available for Deep Work", "No tracks available for Relax", "Failed to play audio", "Failed to resume audio", "Audio playback error"]),
    );
    expect(paths.some((p) => p.state.context.isGuest && p.state.matches("playing"))).toBe(true);
  });

  it("keeps its invariants on every transition of every reachable state", () => {
    const states = getShortestPaths(machine, options).map((p) => p.state);
    expect(states.length).toBeGreaterThan(50);
    let edges = 0;
    for (const state of states) {
      for (const event of moodEvents(state)) {
        const [next] = transition(machine, state, event);
        checkMoodInvariants(next);
        edges++;
      }
    }
    expect(edges).toBeGreaterThan(1500);
  });

  it("keeps its invariants on every simple path through the five states", () => {
    const paths = getSimplePaths(machine, { ...options, serializeState: (s: Snapshot) => JSON.stringify(s.value) });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) for (const step of path.steps) checkMoodInvariants(step.state);
  });
});

function checkMoodInvariants(state: Snapshot) {
  const { context } = state;
  // A guest never holds a mood other than Deep Work, nor a track it may not play.
  if (context.isGuest) expect([null, "deep-work"]).toContain(context.mood);
  if (context.isGuest && context.track) expect(listenerMayPlay("guest", context.track.path)).toBe(true);
  // Only loaded, playing and paused have a track, and it is of the selected mood.
  const hasTrack = state.matches("loaded") || state.matches("playing") || state.matches("paused");
  expect(context.track !== null).toBe(hasTrack);
  if (context.track) expect(context.track.path.startsWith(`${context.mood}/`)).toBe(true);
  // Nothing is loading or playing without a mood.
  if (!state.matches("idle")) expect(context.mood).not.toBeNull();
  // An error means nothing plays.
  if (context.error) expect(state.matches("playing")).toBe(false);
  expect(context.volume).toBe(0.7);
}

type LocalSnapshot = SnapshotFrom<typeof localPlayerMachine>;

function localEvents(s: LocalSnapshot): LocalPlayerEvent[] {
  const events: LocalPlayerEvent[] = [
    { type: "SELECT_MOOD", mood: "deep-work" },
    { type: "SELECT_MOOD", mood: "relax" },
    { type: "PLAY" },
    { type: "PAUSE" },
    { type: "TOGGLE" },
    { type: "RANDOM" },
    { type: "MEDIA_ENDED" },
    { type: "MEDIA_PLAYING" },
    { type: "MEDIA_PAUSED" },
    { type: "MEDIA_ERROR" },
    { type: "PLAY_FAILED" },
  ];
  if (!s.context.library["deep-work"]) events.push({ type: "SET_LIBRARY", mood: "deep-work", tracks: [...fakeTracks("deep-work", 2), STEADY_BETA] });
  const first = s.context.library[s.context.mood]?.[0];
  if (first) events.push({ type: "PLAY_TRACK", track: first });
  return events;
}

/** A track of Deep Work that every listener may play (the Free plan's, and so the guest's). */
const STEADY_BETA: AudioFile = { name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" };

describe.each<AudioListener>(["trial", "free"])("local player chart paths for a %s listener", (listener) => {
  // Relax stays empty (a failed or empty list), Deep Work is listed when the graph says so.
  const options = {
    input: { seed: 3, listener },
    events: localEvents,
    serializeState: (s: LocalSnapshot) =>
      JSON.stringify([s.value, s.context.mood, s.context.track?.path ?? null, Object.keys(s.context.library), s.context.error]),
  };

  it("reaches idle, playing and paused, and the playback error", () => {
    const paths = getShortestPaths(localPlayerMachine, options);
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["idle", "playing", "paused"]));
    expect(paths.some((p) => p.state.context.error === "Audio playback error")).toBe(true);
  });

  it("never plays without a track of the open mood, nor a track the listener may not play", () => {
    const paths = getSimplePaths(localPlayerMachine, options);
    expect(paths.length).toBeGreaterThan(listener === "trial" ? 100 : 20);
    for (const path of paths) {
      for (const step of path.steps) {
        const { context } = step.state;
        if (step.state.matches("playing") || step.state.matches("paused")) {
          expect(context.track).not.toBeNull();
          expect(context.track!.path.startsWith(`${context.mood}/`)).toBe(true);
          expect(listenerMayPlay(listener, context.track!.path)).toBe(true);
        }
        // An error always means nothing is playing.
        if (context.error) expect(step.state.matches("playing")).toBe(false);
      }
    }
  });
});
