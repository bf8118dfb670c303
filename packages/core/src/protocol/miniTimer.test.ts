import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AudioMoodId, AudioFile } from "../audio/schemas";
import { audioPlayerMachine } from "../audioPlayer/machine";
import { fakeTracks } from "../audioPlayer/testTracks";
import {
  fromMiniTimerMessageSchema,
  miniTimerAudioEvent,
  sameMiniTimerAudio,
  selectMiniTimerAudio,
  toMiniTimerMessageSchema,
  type FromMiniTimerMessage,
} from "./miniTimer";

const AUDIO = { mood: "light-work", trackName: "Open Window", status: "playing", isPlaying: true, volume: 0.7, isGuest: false } as const;
const TIMER = { isActive: true, currentTime: 1499, mode: "focus", progress: 0.1, endsAt: 1_700_000_000_000, durationMs: 1_500_000 } as const;

describe("mini timer protocol: main window → mini timer", () => {
  it.each([
    { action: "updateTimer", timerState: TIMER },
    { action: "updateTimer", timerState: TIMER, display: "disc", endWarning: "both" },
    { action: "ping" },
    { action: "pong" },
    { action: "updateMood", mood: "relax" },
    { action: "updateMood", mood: null },
    { action: "updateAudio", ...AUDIO },
    { action: "updateMusic", ...AUDIO },
    { action: "updateAudio", mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0, isGuest: true },
  ])("accepts $action", (message) => {
    expect(toMiniTimerMessageSchema.parse(message)).toEqual(message);
  });

  it.each([
    ["an unknown action", { action: "updateEverything" }],
    ["updateMood with a mood that does not exist", { action: "updateMood", mood: "metal" }],
    ["updateMood without a mood", { action: "updateMood" }],
    ["updateAudio without its playing flag", { action: "updateAudio", ...AUDIO, isPlaying: undefined }],
    ["updateAudio with a volume above 1", { action: "updateAudio", ...AUDIO, volume: 1.5 }],
    ["updateMusic with an unknown status", { action: "updateMusic", ...AUDIO, status: "buffering" }],
    ["updateTimer with a bad mode", { action: "updateTimer", timerState: { ...TIMER, mode: "nap" } }],
    ["updateTimer with an unknown display", { action: "updateTimer", timerState: TIMER, display: "hourglass" }],
  ])("refuses %s", (_, message) => {
    expect(toMiniTimerMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe("mini timer protocol: mini timer → main window", () => {
  it.each([
    { action: "miniTimerReady" },
    { action: "requestTimerSync" },
    { action: "startTimer" },
    { action: "pauseTimer" },
    { action: "resetTimer" },
    { action: "ping" },
    { action: "pong" },
    { action: "miniTimerClosed" },
    { action: "playAudio" },
    { action: "playAudio", mood: "creative" },
    { action: "playMusic" },
    { action: "playMusic", mood: "deep-work" },
    { action: "pauseAudio" },
    { action: "pauseMusic" },
    { action: "loadMoodAudio", mood: "relax" },
    { action: "selectMood", mood: "light-work" },
    { action: "mini-timer-change-track" },
  ])("accepts $action", (message) => {
    expect(fromMiniTimerMessageSchema.parse(message)).toEqual(message);
  });

  it.each([
    ["an unknown action", { action: "changeTrack" }],
    ["a message without an action", { mood: "relax" }],
    ["loadMoodAudio without a mood", { action: "loadMoodAudio" }],
    ["selectMood with a mood that does not exist", { action: "selectMood", mood: "metal" }],
    ["playAudio with a mood that is not a string", { action: "playAudio", mood: 3 }],
    ["playMusic with a null mood", { action: "playMusic", mood: null }],
    ["a string instead of an object", "playAudio"],
  ])("refuses %s", (_, message) => {
    expect(fromMiniTimerMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe("mini timer audio actions drive the mood player's chart", () => {
  it("maps each audio action and its alias to the same chart event; timer and link actions to none", () => {
    const event = (message: FromMiniTimerMessage) => miniTimerAudioEvent(message);
    expect(event({ action: "playAudio" })).toEqual({ type: "PLAY" });
    expect(event({ action: "playMusic" })).toEqual({ type: "PLAY" });
    expect(event({ action: "playAudio", mood: "relax" })).toEqual({ type: "PLAY", mood: "relax" });
    expect(event({ action: "playMusic", mood: "relax" })).toEqual({ type: "PLAY", mood: "relax" });
    expect(event({ action: "pauseAudio" })).toEqual({ type: "PAUSE" });
    expect(event({ action: "pauseMusic" })).toEqual({ type: "PAUSE" });
    expect(event({ action: "loadMoodAudio", mood: "creative" })).toEqual({ type: "PLAY", mood: "creative" });
    expect(event({ action: "selectMood", mood: "creative" })).toEqual({ type: "PLAY", mood: "creative" });
    expect(event({ action: "mini-timer-change-track" })).toEqual({ type: "CHANGE_FLOW" });
    for (const action of ["miniTimerReady", "requestTimerSync", "startTimer", "pauseTimer", "resetTimer", "ping", "pong", "miniTimerClosed"] as const) {
      expect(event({ action })).toBeNull();
    }
  });

  /** The real chart with fake lists and no media element. */
  function player(isGuest = false) {
    // Deep Work with a track guests may play (the Free plan's Steady Beta) among others.
    const steadyBeta: AudioFile = { name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" };
    const lists: Partial<Record<AudioMoodId, AudioFile[]>> = { "deep-work": [...fakeTracks("deep-work", 2), steadyBeta], relax: fakeTracks("relax", 2) };
    const machine = audioPlayerMachine.provide({
      actors: { loadTracks: fromPromise<AudioFile[], { mood: AudioMoodId }>(async ({ input }) => lists[input.mood] ?? []) },
    });
    return createActor(machine, { input: { isGuest, seed: 7 } }).start();
  }
  const send = (actor: ReturnType<typeof player>, message: FromMiniTimerMessage) => actor.send(miniTimerAudioEvent(message)!);

  it("a mood picked in the mini timer plays; picking it again keeps it playing; pause pauses; Change Flow changes the track", async () => {
    const actor = player();
    send(actor, { action: "selectMood", mood: "relax" });
    await waitFor(actor, (s) => s.matches("playing"));
    expect(selectMiniTimerAudio(actor.getSnapshot())).toMatchObject({ mood: "relax", status: "playing", isPlaying: true });
    send(actor, { action: "loadMoodAudio", mood: "relax" });
    expect(actor.getSnapshot().value).toBe("playing");
    send(actor, { action: "pauseMusic" });
    expect(selectMiniTimerAudio(actor.getSnapshot())).toMatchObject({ mood: "relax", status: "paused", isPlaying: false });
    send(actor, { action: "playAudio" });
    expect(actor.getSnapshot().value).toBe("playing");
    const before = selectMiniTimerAudio(actor.getSnapshot()).trackName;
    send(actor, { action: "mini-timer-change-track" });
    await waitFor(actor, (s) => s.matches("playing"));
    expect(selectMiniTimerAudio(actor.getSnapshot()).trackName).not.toBe(before);
  });

  it("a guest's mini timer can play Deep Work but not another mood", async () => {
    const actor = player(true);
    send(actor, { action: "loadMoodAudio", mood: "relax" });
    expect(selectMiniTimerAudio(actor.getSnapshot())).toMatchObject({ mood: null, status: "idle", isGuest: true });
    send(actor, { action: "playMusic", mood: "deep-work" });
    await waitFor(actor, (s) => s.matches("playing"));
    expect(selectMiniTimerAudio(actor.getSnapshot())).toMatchObject({ mood: "deep-work", isPlaying: true, trackName: "Steady Beta" });
  });

  it("shows nothing playing before a mood is picked, and tells apart states that look different", () => {
    const idle = selectMiniTimerAudio(player().getSnapshot());
    expect(idle).toEqual({ mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0.7, isGuest: false, freePlan: false });
    expect(sameMiniTimerAudio(null, idle)).toBe(false);
    expect(sameMiniTimerAudio({ ...idle }, idle)).toBe(true);
    expect(sameMiniTimerAudio({ ...idle, volume: 0 }, idle)).toBe(false);
    expect(sameMiniTimerAudio({ ...idle, status: "loading" }, idle)).toBe(false);
  });
});
