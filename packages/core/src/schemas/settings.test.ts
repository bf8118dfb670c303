import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsSchema, settingsUpdateSchema } from "./settings";

describe("settings: audio follows the timer", () => {
  it("is off by default and switches to Relax in breaks", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ audioFollowsTimer: false, audioInBreaks: "relax" });
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it("parses settings stored before the audio keys existed, with their defaults", () => {
    const { audioFollowsTimer: _a, audioInBreaks: _b, ...old } = { ...DEFAULT_SETTINGS, focusDuration: 50 };
    expect(settingsSchema.parse(old)).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 50 });
  });

  it("keeps a partial update partial: no default sneaks in to overwrite a stored choice", () => {
    expect(settingsUpdateSchema.parse({ focusDuration: 30 })).toEqual({ focusDuration: 30 });
    expect(settingsUpdateSchema.parse({ audioInBreaks: "pause" })).toEqual({ audioInBreaks: "pause" });
  });

  it("refuses an unknown break choice", () => {
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, audioInBreaks: "silence" }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ audioFollowsTimer: "yes" }).success).toBe(false);
  });
});

describe("settings: any length in whole minutes", () => {
  it("takes every whole minute in a length's range and refuses the rest", () => {
    for (const focusDuration of [1, 7, 25, 90, 180]) expect(settingsUpdateSchema.safeParse({ focusDuration }).success, String(focusDuration)).toBe(true);
    for (const focusDuration of [0, 181, 25.5, -5]) expect(settingsUpdateSchema.safeParse({ focusDuration }).success, String(focusDuration)).toBe(false);
    expect(settingsUpdateSchema.safeParse({ longBreakDuration: 12 }).success).toBe(true);
    expect(settingsUpdateSchema.safeParse({ shortBreakDuration: 60 }).success).toBe(true);
    expect(settingsUpdateSchema.safeParse({ shortBreakDuration: 61 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ longBreakInterval: 3 }).success).toBe(true);
  });
});
