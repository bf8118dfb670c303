import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { AudioFile, AudioMoodId } from "../audio/schemas";
import { FREE_PLAN, GUEST_TRACKS, type AudioListener } from "../subscription/plan";
import { localPlayerMachine } from "./localMachine";
import type { LocalPlayerEmitted } from "./localTypes";
import { fakeTracks } from "./testTracks";

function start(options: { seed?: number; refusePlay?: { value: boolean }; empty?: AudioMoodId[]; listener?: AudioListener; library?: Partial<Record<AudioMoodId, AudioFile[]>> } = {}) {
  const media: string[] = [];
  const machine = localPlayerMachine.provide({
    actions: {
      loadMedia: ({ context }) => media.push(`load ${context.track?.path}`),
      playMedia: ({ self }) => {
        media.push("play");
        if (options.refusePlay?.value) self.send({ type: "PLAY_FAILED" });
      },
      pauseMedia: () => media.push("pause"),
      applyVolume: ({ context }) => media.push(`volume ${context.volume}`),
    },
  });
  const actor = createActor(machine, { input: { seed: options.seed ?? 5, listener: options.listener ?? "trial" } });
  const emitted: LocalPlayerEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  const counts: Record<AudioMoodId, number> = { "deep-work": 6, "light-work": 5, creative: 4, relax: 1 };
  for (const mood of Object.keys(counts) as AudioMoodId[]) {
    const n = options.empty?.includes(mood) ? 0 : counts[mood];
    actor.send({ type: "SET_LIBRARY", mood, tracks: options.library?.[mood] ?? fakeTracks(mood, n) });
  }
  const ctx = () => actor.getSnapshot().context;
  return { actor, media, emitted, ctx };
}

describe("local audio player chart", () => {
  it("play with no track picks a random track of the open mood", () => {
    const { actor, media, ctx } = start();
    actor.send({ type: "SELECT_MOOD", mood: "creative" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "PLAY" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(ctx().track?.path).toMatch(/^creative\//);
    expect(media).toEqual([`load ${ctx().track?.path}`, "play"]);
  });

  it("pause keeps the track; play resumes it without reloading", () => {
    const { actor, media, ctx } = start();
    actor.send({ type: "PLAY" });
    const track = ctx().track;
    actor.send({ type: "PAUSE" });
    expect(actor.getSnapshot().value).toBe("paused");
    media.length = 0;
    actor.send({ type: "TOGGLE" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(ctx().track).toBe(track);
    expect(media).toEqual(["play"]);
  });

  it("starts another random track of the mood when one ends", () => {
    const { actor, ctx } = start();
    actor.send({ type: "PLAY" });
    for (let i = 0; i < 8; i++) {
      const before = ctx().track?.path;
      actor.send({ type: "MEDIA_ENDED" });
      expect(actor.getSnapshot().value).toBe("playing");
      expect(ctx().track?.path).toMatch(/^deep-work\//);
      expect(ctx().track?.path).not.toBe(before);
    }
  });

  it("'Random Track' plays a different random track of the open mood", () => {
    const { actor, ctx } = start();
    actor.send({ type: "RANDOM" });
    const first = ctx().track?.path;
    actor.send({ type: "RANDOM" });
    expect(ctx().track?.path).not.toBe(first);
    expect(actor.getSnapshot().value).toBe("playing");
  });

  it("changing mood while playing starts a random track of the new mood", () => {
    const { actor, ctx } = start();
    actor.send({ type: "PLAY" });
    actor.send({ type: "SELECT_MOOD", mood: "light-work" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(ctx().track?.path).toMatch(/^light-work\//);
  });

  it("changing mood with a paused track selected starts a random track of the new mood", () => {
    const { actor, ctx } = start();
    actor.send({ type: "PLAY" });
    actor.send({ type: "PAUSE" });
    actor.send({ type: "SELECT_MOOD", mood: "relax" });
    expect(actor.getSnapshot().value).toBe("playing");
    expect(ctx().track?.path).toBe("relax/t1.mp3");
  });

  it("changing mood with nothing selected only opens it", () => {
    const { actor, ctx } = start();
    actor.send({ type: "SELECT_MOOD", mood: "relax" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(ctx()).toMatchObject({ mood: "relax", track: null });
  });

  it("playing into an empty mood stops with 'No tracks available for {mood}'", () => {
    const { actor, emitted, ctx, media } = start({ empty: ["creative"] });
    actor.send({ type: "PLAY" });
    actor.send({ type: "SELECT_MOOD", mood: "creative" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(ctx().track).toBeNull();
    expect(media.at(-1)).toBe("pause");
    expect(emitted).toEqual([{ type: "noTracks", mood: "creative", message: "No tracks available for Creative" }]);
    actor.send({ type: "PLAY" });
    actor.send({ type: "RANDOM" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(emitted).toHaveLength(3);
  });

  it("a track of the list plays at once, from its start", () => {
    const { actor, ctx, media } = start();
    const track = fakeTracks("deep-work", 6)[3]!;
    actor.send({ type: "PLAY_TRACK", track });
    expect(ctx().track).toEqual(track);
    expect(media).toEqual([`load ${track.path}`, "play"]);
    actor.send({ type: "PLAY_TRACK", track });
    expect(media).toEqual([`load ${track.path}`, "play", `load ${track.path}`, "play"]);
  });

  it("an audio error sets 'Audio playback error' and stops; the next track clears it", () => {
    const { actor, emitted, ctx } = start();
    actor.send({ type: "PLAY" });
    actor.send({ type: "MEDIA_ERROR" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(ctx()).toMatchObject({ error: "Audio playback error", track: null });
    expect(emitted).toEqual([{ type: "playbackError", message: "Audio playback error" }]);
    actor.send({ type: "PLAY" });
    expect(ctx().error).toBeNull();
  });

  it("a refused play or resume is reported and leaves the track paused", () => {
    const refusePlay = { value: true };
    const { actor, emitted } = start({ refusePlay });
    actor.send({ type: "PLAY" });
    expect(actor.getSnapshot().value).toBe("paused");
    actor.send({ type: "PLAY" });
    expect(emitted.map((e) => e.message)).toEqual(["Failed to play audio", "Failed to resume audio"]);
  });

  it("follows the element when something else pauses or plays it", () => {
    const { actor } = start();
    actor.send({ type: "PLAY" });
    actor.send({ type: "MEDIA_PAUSED" });
    expect(actor.getSnapshot().value).toBe("paused");
    actor.send({ type: "MEDIA_PLAYING" });
    expect(actor.getSnapshot().value).toBe("playing");
  });

  it("keeps the volume within 0..1, 0.7 by default", () => {
    const { actor, ctx, media } = start();
    expect(ctx().volume).toBe(0.7);
    actor.send({ type: "SET_VOLUME", volume: 0.42 });
    actor.send({ type: "SET_VOLUME", volume: 3 });
    expect(media).toEqual(["volume 0.42", "volume 1"]);
  });

  describe("locked tracks (`docs/product.md`, Audio)", () => {
    /** Deep Work as the library lists it: the Free plan's two tracks among four it does not include. */
    const deepWork: AudioFile[] = [
      ...["flow-state", "steady-beta", "night-shift", "deep-current", "focus-tunnel", "long-haul"].map((slug) => ({
        name: slug,
        filename: `${slug}.mp3`,
        path: `deep-work/${slug}.mp3`,
      })),
    ];

    it.each<[AudioListener, readonly string[]]>([
      ["free", FREE_PLAN.tracks],
      ["guest", GUEST_TRACKS],
    ])("never picks a track the %s listener may not play: Play, Random Track and the next track", (listener, allowed) => {
      const { actor, ctx } = start({ listener, library: { "deep-work": deepWork } });
      actor.send({ type: "PLAY" });
      const picked = [ctx().track?.path];
      for (let i = 0; i < 30; i++) {
        actor.send(i % 2 === 0 ? { type: "RANDOM" } : { type: "MEDIA_ENDED" });
        picked.push(ctx().track?.path);
      }
      expect(new Set(picked)).toEqual(new Set(["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3"]));
      for (const path of picked) expect(allowed).toContain(path);
    });

    it("refuses a locked track asked for by name, with why and how to unlock it", () => {
      const { actor, emitted, media } = start({ listener: "free", library: { "deep-work": deepWork } });
      actor.send({ type: "PLAY_TRACK", track: deepWork[0]! });
      expect(actor.getSnapshot().value).toBe("idle");
      expect(media.filter((m) => m.startsWith("load"))).toEqual([]);
      expect(emitted).toContainEqual({
        type: "trackLocked",
        message: "The Free plan includes 3 tracks: Steady Beta, Deep Current and Morning Desk. Upgrade to Premium for the whole library.",
      });
    });

    it("stops a track that becomes locked when the trial ends, and keeps one that stays open", () => {
      const { actor, ctx } = start({ listener: "trial", library: { "deep-work": deepWork } });
      actor.send({ type: "PLAY_TRACK", track: deepWork[0]! });
      actor.send({ type: "SET_LISTENER", listener: "free" });
      expect(actor.getSnapshot().value).toBe("idle");
      expect(ctx().track).toBeNull();
      actor.send({ type: "PLAY_TRACK", track: deepWork[1]! });
      actor.send({ type: "SET_LISTENER", listener: "guest" });
      expect(actor.getSnapshot().value).toBe("playing");
      expect(ctx().track?.path).toBe("deep-work/steady-beta.mp3");
    });

    it("has no track to play in a mood whose tracks are all locked", () => {
      const { actor, emitted } = start({ listener: "free" });
      actor.send({ type: "SELECT_MOOD", mood: "creative" });
      actor.send({ type: "PLAY" });
      expect(actor.getSnapshot().value).toBe("idle");
      expect(emitted.at(-1)).toMatchObject({ type: "noTracks", mood: "creative" });
    });
  });
});
