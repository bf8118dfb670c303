/**
 * The audio library on disk: `AUDIO_DIR/<mood>/` holds the generated tracks of the catalogue and
 * any mp3/ogg/m4a/wav/flac file the user drops in. Listing reads the folder each time, so files
 * appear as soon as the renderer (or the user) puts them there; only files the stream route would
 * serve are listed.
 */
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import { TRACKS, infoFrameDuration, trackByFile } from "@focus/audio";
import type { AudioMoodId, AudioFile } from "@focus/core/audio";
import { HttpError } from "../httpError";
import { audioContentType, resolveLibraryFile } from "./safePath";

/** Folder of the notification sounds inside the library. */
export const SOUNDS_FOLDER = "sounds";

/**
 * The playable files of a mood: rendered catalogue tracks first, in catalogue order,
 * with their metadata; then the user's own files by name.
 */
export async function listMood(root: string, mood: AudioMoodId): Promise<AudioFile[]> {
  let names: string[];
  try {
    names = await readdir(path.join(root, mood));
  } catch {
    return [];
  }
  const files: AudioFile[] = [];
  for (const filename of names) {
    if (filename.startsWith(".") || !audioContentType(filename)) continue;
    const relativePath = `${mood}/${filename}`;
    try {
      // The same checks as streaming: regular file, inside the library after symlinks.
      const file = await resolveLibraryFile(root, relativePath);
      files.push(await describe(mood, filename, relativePath, file.file));
    } catch (error) {
      if (error instanceof HttpError) continue;
      throw error;
    }
  }
  const order = (file: AudioFile) => {
    const index = TRACKS.findIndex((t) => t.mood === mood && t.filename === file.filename);
    return index === -1 ? TRACKS.length : index;
  };
  return files.sort((a, b) => order(a) - order(b) || a.filename.localeCompare(b.filename));
}

async function describe(mood: AudioMoodId, filename: string, relativePath: string, file: string): Promise<AudioFile> {
  const track = trackByFile(mood, filename);
  if (!track) {
    const name = filename.slice(0, filename.length - path.extname(filename).length).replace(/[-_]+/g, " ").trim();
    return { name: name || filename, filename, path: relativePath };
  }
  const durationSeconds = await mp3Duration(file);
  return {
    name: track.title,
    filename,
    path: relativePath,
    title: track.title,
    description: track.description,
    ...(durationSeconds ? { durationSeconds } : {}),
    modulation: { ...track.preset.modulation },
    generated: true,
  };
}

/** Duration from the info frame of a generated MP3 (first kilobyte only), or null. */
async function mp3Duration(file: string): Promise<number | null> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const buffer = new Uint8Array(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const seconds = infoFrameDuration(buffer.subarray(0, bytesRead));
    return seconds === null ? null : Math.round(seconds * 1000) / 1000;
  } finally {
    await handle.close();
  }
}
