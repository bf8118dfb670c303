import { describe, expect, it } from "vitest";
import {
  AUDIO_CATEGORIES,
  AUDIO_TRACK_COUNTS,
  audioCategoryById,
  isAudioCategoryId,
  WAVE_TYPES,
} from "./catalogue";
import { AUDIO_CATEGORY_IDS, audioCategorySchema, audioFileListSchema } from "./schemas";

describe("audio categories", () => {
  it("lists the four moods in tab order, each valid against the schema", () => {
    expect(AUDIO_CATEGORIES.map((c) => c.id)).toEqual([...AUDIO_CATEGORY_IDS]);
    expect(AUDIO_CATEGORIES.map((c) => c.name)).toEqual(["Deep Work", "Light Work", "Creative", "Relax"]);
    for (const category of AUDIO_CATEGORIES) expect(audioCategorySchema.parse(category)).toEqual(category);
  });

  it("has the spec's workflows per category", () => {
    expect(Object.fromEntries(AUDIO_CATEGORIES.map((c) => [c.id, c.workflows.map((w) => `${w.id}:${w.name}`)]))).toEqual({
      "deep-work": ["dw-coding:Coding Focus", "dw-analysis:Data Analysis", "dw-research:Research Mode"],
      "light-work": ["lw-admin:Admin Tasks", "lw-planning:Planning", "lw-review:Content Review"],
      creative: ["c-design:Design Work", "c-writing:Creative Writing", "c-brainstorm:Brainstorming"],
      relax: ["r-meditation:Meditation", "r-break:Break Time", "r-sleep:Wind Down"],
    });
  });

  it("has 3, 2, 3, 3 fine-tuning options, all coming soon", () => {
    expect(AUDIO_CATEGORIES.map((c) => c.fineTuningOptions.length)).toEqual([3, 2, 3, 3]);
    for (const c of AUDIO_CATEGORIES) for (const o of c.fineTuningOptions) expect(o.status).toBe("coming-soon");
  });

  it("states the track counts and each mood's band", () => {
    expect(AUDIO_TRACK_COUNTS).toEqual({ "deep-work": 6, "light-work": 5, creative: 4, relax: 1 });
    expect(AUDIO_CATEGORIES.map((c) => `${c.modulation.band} ${c.modulation.rateHz}`)).toEqual([
      "beta 16",
      "alpha 10",
      "gamma 40",
      "theta 6",
    ]);
    expect(WAVE_TYPES.alpha).toMatchObject({ range: "8-12Hz", label: "deep focus" });
  });

  it("finds categories by id and rejects unknown ids", () => {
    expect(audioCategoryById("relax")?.name).toBe("Relax");
    expect(audioCategoryById("jazz")).toBeUndefined();
    expect(isAudioCategoryId("creative")).toBe(true);
    expect(isAudioCategoryId("../etc")).toBe(false);
  });

  it("parses a file list answer", () => {
    const list = { files: [{ name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" }] };
    expect(audioFileListSchema.parse(list)).toEqual(list);
  });
});
