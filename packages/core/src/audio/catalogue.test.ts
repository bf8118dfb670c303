import { describe, expect, it } from "vitest";
import {
  AUDIO_MOODS,
  AUDIO_TRACK_COUNTS,
  AUDIO_TRACK_TOTAL,
  audioMoodById,
  isAudioMoodId,
  WAVE_TYPES,
} from "./catalogue";
import { AUDIO_MOOD_IDS, audioMoodSchema, audioFileListSchema } from "./schemas";

describe("audio moods", () => {
  it("lists the four moods in tab order, each valid against the schema", () => {
    expect(AUDIO_MOODS.map((m) => m.id)).toEqual([...AUDIO_MOOD_IDS]);
    expect(AUDIO_MOODS.map((m) => m.name)).toEqual(["Deep Work", "Light Work", "Creative", "Relax"]);
    for (const mood of AUDIO_MOODS) expect(audioMoodSchema.parse(mood)).toEqual(mood);
  });

  it("has the three workflows of each mood", () => {
    expect(Object.fromEntries(AUDIO_MOODS.map((m) => [m.id, m.workflows.map((w) => `${w.id}:${w.name}`)]))).toEqual({
      "deep-work": ["dw-coding:Coding Focus", "dw-analysis:Data Analysis", "dw-research:Research Mode"],
      "light-work": ["lw-admin:Admin Tasks", "lw-planning:Planning", "lw-review:Content Review"],
      creative: ["c-design:Design Work", "c-writing:Creative Writing", "c-brainstorm:Brainstorming"],
      relax: ["r-meditation:Meditation", "r-break:Break Time", "r-sleep:Wind Down"],
    });
  });

  it("has 3, 2, 3, 3 fine-tuning options, all coming soon", () => {
    expect(AUDIO_MOODS.map((m) => m.fineTuningOptions.length)).toEqual([3, 2, 3, 3]);
    for (const m of AUDIO_MOODS) for (const o of m.fineTuningOptions) expect(o.status).toBe("coming-soon");
  });

  it("states the track counts and each mood's band", () => {
    expect(AUDIO_TRACK_COUNTS).toEqual({ "deep-work": 6, "light-work": 5, creative: 4, relax: 1 });
    expect(AUDIO_TRACK_TOTAL).toBe(16);
    expect(AUDIO_MOODS.map((m) => `${m.modulation.band} ${m.modulation.rateHz}`)).toEqual([
      "beta 16",
      "alpha 10",
      "gamma 40",
      "theta 6",
    ]);
    expect(WAVE_TYPES.alpha).toMatchObject({ range: "8-12Hz", label: "deep focus" });
  });

  it("finds moods by id and rejects unknown ids", () => {
    expect(audioMoodById("relax")?.name).toBe("Relax");
    expect(audioMoodById("jazz")).toBeUndefined();
    expect(isAudioMoodId("creative")).toBe(true);
    expect(isAudioMoodId("../etc")).toBe(false);
  });

  it("parses a file list answer, with the tracks still to come (none when the answer leaves them out)", () => {
    const files = [{ name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" }];
    const pending = [{ title: "Night Shift", filename: "night-shift.mp3", path: "deep-work/night-shift.mp3" }];
    expect(audioFileListSchema.parse({ files, pending })).toEqual({ files, pending });
    expect(audioFileListSchema.parse({ files })).toEqual({ files, pending: [] });
  });
});
