import { describe, expect, it } from "vitest";
import { dbfs, integratedLoudness, samplePeak } from "./analysis";
import { NOTIFICATION_LOUDNESS_LUFS, NOTIFICATION_SOUNDS, SOUND_PRESETS, renderNotificationSound } from "./sounds";

describe.each(NOTIFICATION_SOUNDS)("notification sound %s", (name) => {
  it("is short, audible and peaks at or below −1 dBFS", () => {
    const sound = renderNotificationSound(name);
    expect(sound.left.length).toBe(Math.round(SOUND_PRESETS[name].seconds * sound.sampleRate));
    const channels = [sound.left, sound.right];
    expect(dbfs(samplePeak(channels))).toBeLessThanOrEqual(-1);
    const loudness = integratedLoudness(channels, sound.sampleRate);
    expect(loudness).toBeGreaterThan(-30);
    expect(loudness).toBeLessThanOrEqual(NOTIFICATION_LOUDNESS_LUFS + 0.5);
    // It fades to silence by the end.
    expect(Math.abs(sound.left[sound.left.length - 1]!)).toBeLessThan(1e-3);
  });

  it("renders identically every time", () => {
    expect(renderNotificationSound(name).left).toEqual(renderNotificationSound(name).left);
  });
});
