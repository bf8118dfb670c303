import { AUDIO_MOOD_IDS, AUDIO_TRACK_COUNTS, audioFileListSchema } from "@focus/core/audio";
import { TRACKS, tracksOf } from "@focus/audio";
import { afterEach, describe, expect, it } from "vitest";
import { type AudioTestApp, createAudioTestApp } from "./audioFixtures";

describe("GET /api/audio/local/list/:categoryId", () => {
  let t: AudioTestApp;
  afterEach(async () => t.close());

  it("lists a mood's generated tracks with their metadata, then the user's own files", async () => {
    t = await createAudioTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/audio/local/list/deep-work" });
    expect(res.statusCode).toBe(200);
    const body = audioFileListSchema.parse(res.json());
    expect(body.files.map((f) => f.path)).toEqual([
      "deep-work/steady-beta.mp3",
      "deep-work/album.FLAC",
      "deep-work/empty.mp3",
      "deep-work/lecture.m4a",
      "deep-work/My_Focus-Mix.ogg",
      "deep-work/rain.wav",
    ]);
    const steady = TRACKS.find((track) => track.id === "deep-work/steady-beta")!;
    expect(body.files[0]).toEqual({
      name: "Steady Beta",
      filename: "steady-beta.mp3",
      path: "deep-work/steady-beta.mp3",
      title: "Steady Beta",
      description: steady.description,
      durationSeconds: 0.5,
      modulation: { band: "beta", rateHz: 16, depth: 0.5 },
      generated: true,
    });
    expect(body.files.find((f) => f.filename === "My_Focus-Mix.ogg")).toEqual({
      name: "My Focus Mix",
      filename: "My_Focus-Mix.ogg",
      path: "deep-work/My_Focus-Mix.ogg",
    });
  });

  it("needs no login: guests play audio too", async () => {
    t = await createAudioTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/audio/local/list/relax" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("lists a link only when it stays inside the library", async () => {
    t = await createAudioTestApp();
    const relax = (await t.app.inject({ method: "GET", url: "/api/audio/local/list/relax" })).json();
    expect(relax).toEqual({ files: [{ name: "rain link", filename: "rain-link.wav", path: "relax/rain-link.wav" }], pending: [] });
  });

  it("answers an empty list for a mood with no folder yet", async () => {
    t = await createAudioTestApp();
    for (const id of ["light-work", "creative"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/audio/local/list/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ files: [], pending: [] });
    }
  });

  it("answers 404 JSON for an unknown mood", async () => {
    t = await createAudioTestApp();
    for (const id of ["jazz", "sounds", "..", "%2e%2e", "deep-work%2f..", "Deep-Work"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/audio/local/list/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: expect.any(String) });
    }
  });

  it("knows the same four moods and track counts as the generator's catalogue", () => {
    for (const id of AUDIO_MOOD_IDS) expect(tracksOf(id)).toHaveLength(AUDIO_TRACK_COUNTS[id]);
    expect(new Set(TRACKS.map((track) => track.mood))).toEqual(new Set(AUDIO_MOOD_IDS));
  });
});
