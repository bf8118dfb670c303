import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AudioMoodId, AudioFile } from "../audio/schemas";
import { audioPlayerMachine } from "./machine";
import { fakeTracks } from "./testTracks";
import type { AudioPlayerEmitted } from "./types";

type Lists = Partial<Record<AudioMoodId, AudioFile[] | Error>>;
const LISTS: Lists = {
  "deep-work": fakeTracks("deep-work", 6),
  "light-work": fakeTracks("light-work", 5),
  creative: fakeTracks("creative", 4),
  relax: fakeTracks("relax", 1),
};

/** The lists with Deep Work holding the Free plan's two tracks among four others. */
const WITH_FREE_TRACKS: Lists = {
  ...LISTS,
  "deep-work": [
    ...fakeTracks("deep-work", 4),
    { name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" },
    { name: "Deep Current", filename: "deep-current.mp3", path: "deep-work/deep-current.mp3" },
  ],
};

/** The chart with a fake list call and a media log instead of an <audio> element. */
function start(options: { lists?: Lists; isGuest?: boolean; freePlan?: boolean; seed?: number; refusePlay?: { value: boolean } } = {}) {
  const lists = options.lists ?? LISTS;
  const media: string[] = [];
  const requests: AudioMoodId[] = [];
  const machine = audioPlayerMachine.provide({
    actors: {
      loadTracks: fromPromise<AudioFile[], { mood: AudioMoodId }>(async ({ input }) => {
        requests.push(input.mood);
        const list = lists[input.mood] ?? [];
        if (list instanceof Error) throw list;
        return list;
      }),
    },
    actions: {
      loadMedia: ({ context }) => media.push(`load ${context.track?.path}`),
      playMedia: ({ self }) => {
        media.push("play");
        if (options.refusePlay?.value) self.send({ type: "PLAY_FAILED" });
      },
      pauseMedia: () => media.push("pause"),
      rewindMedia: () => media.push("rewind"),
      unloadMedia: () => media.push("unload"),
      applyVolume: ({ context }) => media.push(`volume ${context.volume * context.gain}`),
    },
  });
  const actor = createActor(machine, { input: { isGuest: options.isGuest ?? false, freePlan: options.freePlan ?? false, seed: options.seed ?? 42 } });
  const emitted: AudioPlayerEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  const settle = (value: "idle" | "loading" | "loaded" | "playing" | "paused") => waitFor(actor, (s) => s.matches(value));
  return { actor, media, requests, emitted, settle };
}

describe("mood player chart", () => {
  it("starts idle with nothing selected and the default volume 0.7", () => {
    const { actor } = start();
    const s = actor.getSnapshot();
    expect(s.value).toBe("idle");
    expect(s.context).toMatchObject({ mood: null, track: null, volume: 0.7, gain: 1, error: null });
  });

  it("picking a mood loads a random track of that mood and waits to be asked to play", async () => {
    const { actor, media, requests, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "light-work" });
    expect(actor.getSnapshot().value).toBe("loading");
    await settle("loaded");
    const { track, mood, tracks } = actor.getSnapshot().context;
    expect(requests).toEqual(["light-work"]);
    expect(mood).toBe("light-work");
    expect(tracks).toHaveLength(5);
    expect(track?.path).toMatch(/^light-work\//);
    expect(media).toEqual(["pause", `load ${track?.path}`]);
    actor.send({ type: "PLAY" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(media.at(-1)).toBe("play");
  });

  it("plays at once when the pick asks for it", async () => {
    const { actor, media, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    expect(media.slice(-2)).toEqual([`load ${actor.getSnapshot().context.track?.path}`, "play"]);
  });

  it("plays once loaded when PLAY arrives while loading, and not when PAUSE follows", async () => {
    const first = start();
    first.actor.send({ type: "SELECT_MOOD", mood: "creative" });
    first.actor.send({ type: "PLAY" });
    await first.settle("playing");

    const second = start();
    second.actor.send({ type: "SELECT_MOOD", mood: "creative", autoplay: true });
    second.actor.send({ type: "PAUSE" });
    await second.settle("loaded");
  });

  it("the same seed picks the same tracks; another seed picks others", async () => {
    const picks = async (seed: number) => {
      const { actor, settle } = start({ seed });
      const seen: string[] = [];
      actor.send({ type: "SELECT_MOOD", mood: "deep-work" });
      await settle("loaded");
      for (let i = 0; i < 5; i++) {
        seen.push(actor.getSnapshot().context.track!.path);
        actor.send({ type: "CHANGE_FLOW" });
        await settle("loaded");
      }
      return seen;
    };
    expect(await picks(7)).toEqual(await picks(7));
    expect(await picks(7)).not.toEqual(await picks(8));
  });

  it("clicking the active mood clears the selection and unloads the track", async () => {
    const { actor, media, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    actor.send({ type: "SELECT_MOOD", mood: "deep-work" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context).toMatchObject({ mood: null, track: null, tracks: [] });
    expect(media.slice(-2)).toEqual(["pause", "unload"]);
  });

  it("picking another mood while playing switches to a track of that mood and keeps playing when asked", async () => {
    const { actor, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    actor.send({ type: "PLAY", mood: "relax" });
    expect(actor.getSnapshot().value).toBe("loading");
    await settle("playing");
    expect(actor.getSnapshot().context).toMatchObject({ mood: "relax", track: { path: "relax/t1.mp3" } });
  });

  it("only the latest pick counts when moods are picked quickly", async () => {
    const { actor, requests, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work" });
    actor.send({ type: "SELECT_MOOD", mood: "creative" });
    await settle("loaded");
    expect(requests).toEqual(["deep-work", "creative"]);
    expect(actor.getSnapshot().context.track?.path).toMatch(/^creative\//);
  });

  it("Change Flow loads a different random track of the same mood, playing if it was playing", async () => {
    const { actor, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    for (let i = 0; i < 10; i++) {
      const before = actor.getSnapshot().context.track!.path;
      actor.send({ type: "CHANGE_FLOW" });
      await settle("playing");
      const after = actor.getSnapshot().context;
      expect(after.mood).toBe("deep-work");
      expect(after.track!.path).not.toBe(before);
    }
  });

  it("at a track's end plays another track of the mood, also when the end came as a pause first", async () => {
    const { actor, media, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    const first = actor.getSnapshot().context.track!.path;
    media.length = 0;
    actor.send({ type: "MEDIA_ENDED" });
    await settle("playing");
    const second = actor.getSnapshot().context.track!.path;
    expect(second).not.toBe(first);
    expect(second).toMatch(/^deep-work\//);
    expect(media).toContain("play");
    actor.send({ type: "MEDIA_PAUSED" });
    actor.send({ type: "MEDIA_ENDED" });
    await settle("playing");
    expect(actor.getSnapshot().context.track!.path).not.toBe(second);
  });

  it("Change Flow with a single track reloads that track", async () => {
    const { actor, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "relax" });
    await settle("loaded");
    actor.send({ type: "CHANGE_FLOW" });
    await settle("loaded");
    expect(actor.getSnapshot().context.track?.path).toBe("relax/t1.mp3");
  });

  it("pause keeps the position, play resumes; stop pauses and rewinds", async () => {
    const { actor, media, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    actor.send({ type: "PAUSE" });
    expect(actor.getSnapshot().value).toBe("paused");
    actor.send({ type: "TOGGLE" });
    expect(actor.getSnapshot().value).toBe("playing");
    media.length = 0;
    actor.send({ type: "STOP" });
    expect(actor.getSnapshot().value).toBe("loaded");
    expect(media).toEqual(["pause", "rewind"]);
    actor.send({ type: "PAUSE" });
    actor.send({ type: "STOP" });
    expect(actor.getSnapshot().value).toBe("loaded");
  });

  it("follows the media element when something else pauses or plays it", async () => {
    const { actor, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    actor.send({ type: "MEDIA_PAUSED" });
    expect(actor.getSnapshot().value).toBe("paused");
    actor.send({ type: "MEDIA_PLAYING" });
    expect(actor.getSnapshot().value).toBe("playing");
    // The element's own echo of our pause is harmless.
    actor.send({ type: "PAUSE" });
    actor.send({ type: "MEDIA_PAUSED" });
    expect(actor.getSnapshot().value).toBe("paused");
  });

  it("logs a failed list as 'Failed to load audio tracks' and stops loading, keeping the mood", async () => {
    const { actor, emitted, settle } = start({ lists: { ...LISTS, creative: new Error("500: boom") } });
    actor.send({ type: "SELECT_MOOD", mood: "creative", autoplay: true });
    await settle("idle");
    expect(actor.getSnapshot().context).toMatchObject({ mood: "creative", track: null, error: "Failed to load audio tracks" });
    expect(emitted).toEqual([
      { type: "loadFailed", mood: "creative", message: "Failed to load audio tracks", error: new Error("500: boom") },
    ]);
  });

  it("stops with 'No tracks available for {mood}' on an empty list; PLAY tries again", async () => {
    const lists: Lists = { ...LISTS, relax: [] };
    const { actor, emitted, requests, settle } = start({ lists });
    actor.send({ type: "SELECT_MOOD", mood: "relax", autoplay: true });
    await settle("idle");
    expect(emitted).toEqual([{ type: "noTracks", mood: "relax", message: "No tracks available for Relax" }]);
    expect(actor.getSnapshot().context.error).toBe("No tracks available for Relax");
    lists.relax = fakeTracks("relax", 1);
    actor.send({ type: "PLAY" });
    await settle("playing");
    expect(requests).toEqual(["relax", "relax"]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("a refused play is 'Failed to play audio'; a refused resume is 'Failed to resume audio'", async () => {
    const refusePlay = { value: true };
    const { actor, emitted, media, settle } = start({ refusePlay });
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("loaded");
    expect(emitted.at(-1)).toEqual({ type: "playFailed", message: "Failed to play audio" });
    expect(actor.getSnapshot().context.error).toBe("Failed to play audio");
    refusePlay.value = false;
    actor.send({ type: "PLAY" });
    actor.send({ type: "PAUSE" });
    refusePlay.value = true;
    actor.send({ type: "PLAY" });
    expect(actor.getSnapshot().value).toBe("paused");
    expect(emitted.at(-1)).toEqual({ type: "playFailed", message: "Failed to resume audio" });
    // The element starting by itself is followed without another play() call.
    const plays = media.filter((m) => m === "play").length;
    actor.send({ type: "MEDIA_PLAYING" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(media.filter((m) => m === "play")).toHaveLength(plays);
  });

  it("a media error is 'Audio playback error': it stops, drops the track and keeps the mood", async () => {
    const { actor, emitted, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    actor.send({ type: "MEDIA_ERROR" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context).toMatchObject({ mood: "deep-work", track: null, error: "Audio playback error" });
    expect(emitted.at(-1)).toEqual({ type: "playbackError", message: "Audio playback error" });
    // A media error with no track (e.g. a stale element) changes nothing.
    actor.send({ type: "MEDIA_ERROR" });
    expect(emitted).toHaveLength(1);
  });

  it("guests may only pick Deep Work, and play only its two tracks the Free plan has too", async () => {
    const { actor, emitted, requests, settle } = start({ isGuest: true, lists: WITH_FREE_TRACKS });
    for (const mood of ["light-work", "creative", "relax"] as const) {
      actor.send({ type: "SELECT_MOOD", mood });
      actor.send({ type: "PLAY", mood });
    }
    expect(actor.getSnapshot().value).toBe("idle");
    expect(requests).toEqual([]);
    expect(emitted.map((e) => e.type)).toEqual(Array(6).fill("moodLocked"));
    const played = new Set<string | undefined>();
    for (let i = 0; i < 12; i++) {
      actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
      await settle("playing");
      played.add(actor.getSnapshot().context.track?.path);
      actor.send({ type: "CHANGE_FLOW" });
      await settle("playing");
      played.add(actor.getSnapshot().context.track?.path);
      actor.send({ type: "CLEAR" });
    }
    expect(played).toEqual(new Set(["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3"]));
  });

  it("becoming a guest clears a mood or a track a guest may not play", async () => {
    const { actor, media, settle } = start({ lists: WITH_FREE_TRACKS });
    actor.send({ type: "SELECT_MOOD", mood: "creative", autoplay: true });
    await settle("playing");
    actor.send({ type: "SET_GUEST", isGuest: true });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.mood).toBeNull();
    expect(media.slice(-2)).toEqual(["pause", "unload"]);

    // Deep Work stays open to a guest, but a track of it the guest may not play stops.
    actor.send({ type: "SET_GUEST", isGuest: false });
    for (let tries = 0; tries < 50; tries++) {
      actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
      await settle("playing");
      if (actor.getSnapshot().context.track?.path.startsWith("deep-work/t")) break;
      actor.send({ type: "CLEAR" });
    }
    expect(actor.getSnapshot().context.track?.path).toMatch(/^deep-work\/t\d\.mp3$/);
    actor.send({ type: "SET_GUEST", isGuest: true });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
    await settle("playing");
    expect(actor.getSnapshot().context.track?.path).toMatch(/^deep-work\/(steady-beta|deep-current)\.mp3$/);
    actor.send({ type: "SET_GUEST", isGuest: true });
    expect(actor.getSnapshot().value).toBe("playing");
  });

  it("the Free plan plays its three tracks only: Deep Work and Light Work, never another file of them", async () => {
    const lists: Lists = {
      "deep-work": [...fakeTracks("deep-work", 4), { name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" }],
      "light-work": [{ name: "Morning Desk", filename: "morning-desk.mp3", path: "light-work/morning-desk.mp3" }, ...fakeTracks("light-work", 3)],
      creative: fakeTracks("creative", 4),
    };
    const { actor, emitted, requests, settle } = start({ lists, freePlan: true });
    actor.send({ type: "SELECT_MOOD", mood: "creative" });
    actor.send({ type: "PLAY", mood: "relax" });
    expect(requests).toEqual([]);
    expect(emitted.map((e) => e.type)).toEqual(["moodLocked", "moodLocked"]);
    for (let i = 0; i < 4; i++) {
      actor.send({ type: "SELECT_MOOD", mood: "deep-work", autoplay: true });
      await settle("playing");
      expect(actor.getSnapshot().context.track?.path).toBe("deep-work/steady-beta.mp3");
      actor.send({ type: "CLEAR" });
    }
    actor.send({ type: "SELECT_MOOD", mood: "light-work", autoplay: true });
    await settle("playing");
    expect(actor.getSnapshot().context.track?.path).toBe("light-work/morning-desk.mp3");
    // Premium: the plan's limit is lifted at once; back on the Free plan a locked mood is cleared.
    actor.send({ type: "SET_FREE_PLAN", freePlan: false });
    actor.send({ type: "SELECT_MOOD", mood: "creative", autoplay: true });
    await settle("playing");
    actor.send({ type: "SET_FREE_PLAN", freePlan: true });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.mood).toBeNull();
  });

  it("volume and fade gain are clamped and applied together", () => {
    const { actor, media } = start();
    actor.send({ type: "SET_VOLUME", volume: 1.4 });
    actor.send({ type: "SET_VOLUME", volume: 0.5 });
    actor.send({ type: "SET_GAIN", gain: 0.25 });
    actor.send({ type: "SET_GAIN", gain: -1 });
    actor.send({ type: "SET_VOLUME", volume: Number.NaN });
    expect(media).toEqual(["volume 1", "volume 0.5", "volume 0.125", "volume 0", "volume 0"]);
  });

  it("TOGGLE_MUTE silences the player and gives back the volume it had", () => {
    const { actor, media } = start();
    actor.send({ type: "SET_VOLUME", volume: 0.4 });
    actor.send({ type: "TOGGLE_MUTE" });
    expect(actor.getSnapshot().context.volume).toBe(0);
    actor.send({ type: "TOGGLE_MUTE" });
    expect(actor.getSnapshot().context.volume).toBe(0.4);
    // Moving the slider while muted is the new volume; muting from 0 restores the default.
    actor.send({ type: "TOGGLE_MUTE" });
    actor.send({ type: "SET_VOLUME", volume: 0 });
    actor.send({ type: "TOGGLE_MUTE" });
    expect(actor.getSnapshot().context.volume).toBe(0.7);
    expect(media).toEqual(["volume 0.4", "volume 0", "volume 0.4", "volume 0", "volume 0", "volume 0.7"]);
  });

  it("CLEAR unselects from any state", async () => {
    const { actor, settle } = start();
    actor.send({ type: "SELECT_MOOD", mood: "deep-work" });
    actor.send({ type: "CLEAR" });
    expect(actor.getSnapshot().value).toBe("idle");
    await new Promise<void>((r) => setTimeout(r, 5));
    // The list that arrives after the clear is dropped with the invocation.
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "SELECT_MOOD", mood: "deep-work" });
    await settle("loaded");
    actor.send({ type: "CLEAR" });
    expect(actor.getSnapshot().context.track).toBeNull();
  });
});
