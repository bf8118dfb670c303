import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/env";

describe("audio configuration", () => {
  it("defaults to ./data/audio (resolved like the database path), rendering on, the catalogue's track length", () => {
    expect(loadConfig({}, "/srv/focus").audio).toEqual({ dir: "/srv/focus/data/audio", render: true, trackSeconds: null, renderNice: null });
  });

  it("reads AUDIO_DIR, AUDIO_RENDER, AUDIO_TRACK_SECONDS and AUDIO_RENDER_NICE", () => {
    expect(loadConfig({ AUDIO_DIR: "media", AUDIO_RENDER: "off", AUDIO_TRACK_SECONDS: "4", AUDIO_RENDER_NICE: "5" }, "/srv").audio).toEqual({
      dir: "/srv/media",
      render: false,
      trackSeconds: 4,
      renderNice: 5,
    });
    expect(loadConfig({ AUDIO_DIR: "/var/lib/focus/audio", AUDIO_RENDER: "on" }, "/srv").audio.dir).toBe("/var/lib/focus/audio");
  });

  it.each([
    ["AUDIO_RENDER", "maybe"],
    ["AUDIO_TRACK_SECONDS", "0"],
    ["AUDIO_TRACK_SECONDS", "1.5"],
    ["AUDIO_TRACK_SECONDS", "9999"],
    ["AUDIO_RENDER_NICE", "20"],
    ["AUDIO_RENDER_NICE", "-1"],
  ])("refuses %s=%s with an error naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}`));
  });
});
