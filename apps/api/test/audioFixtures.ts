/**
 * A small audio library for the audio tests: AUDIO_DIR inside the test's temp directory with
 * a few tiny files, and a "secret" file next to it (outside the library) that no request
 * may ever reach. No rendering: AUDIO_RENDER=off.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { encodeMp3 } from "@focus/audio";
import { createTestApp, type TestApp } from "./helpers";

export const SECRET = "TOP-SECRET-BYTES-0123456789";

/** A real (tiny) MP3 as the renderer writes it: 0.5 s of a quiet tone. */
export async function tinyMp3(seconds = 0.5): Promise<Uint8Array> {
  const n = Math.round(seconds * 44100);
  const left = new Float32Array(n);
  for (let i = 0; i < n; i++) left[i] = 0.1 * Math.sin((2 * Math.PI * 440 * i) / 44100);
  return encodeMp3(left, left.slice(), 44100);
}

/** Bytes 0..size-1 as a recognisable pattern, for checking ranges. */
export function patternBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

export interface AudioTestApp extends TestApp {
  audioDir: string;
  /** The generated track's bytes (deep-work/steady-beta.mp3). */
  generated: Uint8Array;
}

export async function createAudioTestApp(extraEnv: Record<string, string> = {}): Promise<AudioTestApp> {
  const generated = await tinyMp3();
  let audioDir = "";
  const t = await createTestApp((dir) => {
    audioDir = path.join(dir, "audio");
    const deep = path.join(audioDir, "deep-work");
    mkdirSync(deep, { recursive: true });
    mkdirSync(path.join(audioDir, "relax"), { recursive: true });
    mkdirSync(path.join(audioDir, "sounds"), { recursive: true });
    mkdirSync(path.join(dir, "outside"), { recursive: true });
    // Outside the library: must never be served.
    writeFileSync(path.join(dir, "secret.mp3"), SECRET);
    writeFileSync(path.join(dir, "outside", "secret.mp3"), SECRET);
    // A generated track, and the user's own files of every supported type.
    writeFileSync(path.join(deep, "steady-beta.mp3"), generated);
    writeFileSync(path.join(deep, "My_Focus-Mix.ogg"), patternBytes(1000));
    writeFileSync(path.join(deep, "lecture.m4a"), patternBytes(10));
    writeFileSync(path.join(deep, "rain.wav"), patternBytes(10));
    writeFileSync(path.join(deep, "album.FLAC"), patternBytes(10));
    writeFileSync(path.join(deep, "empty.mp3"), Buffer.alloc(0));
    // Not listed: other types, hidden and temporary files, folders, links out of the library.
    writeFileSync(path.join(deep, "notes.txt"), "not audio");
    writeFileSync(path.join(deep, ".hidden.mp3"), "hidden");
    writeFileSync(path.join(deep, ".steady-beta.mp3.1-1.partial"), "half");
    mkdirSync(path.join(deep, "folder.mp3"));
    symlinkSync(path.join(dir, "secret.mp3"), path.join(deep, "escape.mp3"));
    symlinkSync(path.join(dir, "outside"), path.join(deep, "escape-dir"));
    // A link that stays inside the library is fine.
    symlinkSync(path.join(deep, "rain.wav"), path.join(audioDir, "relax", "rain-link.wav"));
    writeFileSync(path.join(audioDir, "sounds", "bell.mp3"), generated);
    return { AUDIO_DIR: audioDir, AUDIO_RENDER: "off", ...extraEnv };
  });
  return { ...t, audioDir, generated };
}
