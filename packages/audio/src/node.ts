/// <reference types="node" />
/**
 * Node-only entry (`@focus/audio/node`): renders the catalogue into an audio library on disk.
 *
 *   <dir>/<mood>/<track>.mp3   every catalogue track (a seamless loop of TRACK_SECONDS, 15:00)
 *   <dir>/sounds/<name>.mp3    the notification sounds
 *
 * Files that already exist are skipped, so a second run does nothing; a generated track of
 * another length (an older library, or another `trackSeconds`) is rendered again. Each file is written
 * to a hidden temporary name and renamed into place, so a half-written file is never listed
 * or streamed (and a renderer stopped midway leaves nothing behind but the temporary file,
 * which the next run removes).
 */
import { existsSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { encodeMp3, infoFrameDuration } from "./mp3";
import { DEFAULT_SAMPLE_RATE, loopSecondsFor, render } from "./render";
import { NOTIFICATION_SOUNDS, type NotificationSoundName, renderNotificationSound } from "./sounds";
import { TRACK_SECONDS, TRACKS, type Track } from "./tracks";

/** Folder of the notification sounds inside the library. */
export const SOUNDS_FOLDER = "sounds";
const PARTIAL_SUFFIX = ".partial";
/** Temporary files older than this are left from a stopped run and removed, ms. */
const STALE_PARTIAL_MS = 10 * 60 * 1000;

/** One file of the generated library. */
export interface LibraryItem {
  kind: "sound" | "track";
  /** Path inside the library, with forward slashes. */
  relativePath: string;
  track?: Track;
  sound?: NotificationSoundName;
}

/** Every generated file, sounds first (they are tiny and wanted at once). */
export function libraryItems(): LibraryItem[] {
  return [
    ...NOTIFICATION_SOUNDS.map((sound) => ({ kind: "sound" as const, relativePath: `${SOUNDS_FOLDER}/${sound}.mp3`, sound })),
    ...TRACKS.map((track) => ({ kind: "track" as const, relativePath: `${track.mood}/${track.filename}`, track })),
  ];
}

export type LibraryEvent =
  | { type: "start"; dir: string; total: number; missing: number }
  | { type: "rendered"; path: string; index: number; total: number; seconds: number; bytes: number }
  | { type: "done"; rendered: number; skipped: number; seconds: number };

export interface LibraryOptions {
  /** The library folder (AUDIO_DIR). */
  dir: string;
  /** Length of the tracks, seconds. Default `TRACK_SECONDS` (900); tests use less. */
  trackSeconds?: number;
  sampleRate?: number;
  onEvent?: (event: LibraryEvent) => void;
  /** Checked between files; returning true stops the run. */
  shouldStop?: () => boolean;
}

export interface LibrarySummary {
  rendered: number;
  skipped: number;
  seconds: number;
}

/** Renders every missing file of the library, and every generated track of another length. */
export async function renderLibrary(options: LibraryOptions): Promise<LibrarySummary> {
  const started = performance.now();
  const dir = path.resolve(options.dir);
  const sampleRate = options.sampleRate ?? DEFAULT_SAMPLE_RATE;
  const trackSeconds = options.trackSeconds ?? TRACK_SECONDS;
  const items = libraryItems();
  const missing: LibraryItem[] = [];
  for (const item of items) {
    const file = path.join(dir, item.relativePath);
    if (!existsSync(file) || (item.track && !(await hasLength(file, loopSecondsFor(item.track.preset, trackSeconds))))) missing.push(item);
  }
  options.onEvent?.({ type: "start", dir, total: items.length, missing: missing.length });
  await removeStalePartials(dir, items);

  let rendered = 0;
  for (const item of missing) {
    if (options.shouldStop?.()) break;
    const fileStarted = performance.now();
    const bytes = await renderItem(item, sampleRate, trackSeconds);
    const target = path.join(dir, item.relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Date.now()}${PARTIAL_SUFFIX}`);
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    rendered++;
    options.onEvent?.({
      type: "rendered",
      path: item.relativePath,
      index: rendered,
      total: missing.length,
      seconds: (performance.now() - fileStarted) / 1000,
      bytes: bytes.length,
    });
  }
  const summary = { rendered, skipped: items.length - missing.length, seconds: (performance.now() - started) / 1000 };
  options.onEvent?.({ type: "done", ...summary });
  return summary;
}

/**
 * Whether the MP3 at `file` lasts `seconds` (within half a second), from its info frame (first
 * kilobyte only); a file without one (not ours) counts as the right length, so it is kept.
 */
async function hasLength(file: string, seconds: number): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const buffer = new Uint8Array(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const duration = infoFrameDuration(buffer.subarray(0, bytesRead));
    return duration === null || Math.abs(duration - seconds) < 0.5;
  } finally {
    await handle.close();
  }
}

/** Renders and encodes one library item; a track as a seamless loop of `trackSeconds` (rounded up to its preset's loop grid). */
export async function renderItem(item: LibraryItem, sampleRate: number, trackSeconds: number): Promise<Uint8Array> {
  if (item.sound) {
    const sound = renderNotificationSound(item.sound, sampleRate);
    return encodeMp3(sound.left, sound.right, sampleRate);
  }
  if (!item.track) throw new Error(`nothing to render for ${item.relativePath}`);
  const audio = render(item.track.preset, item.track.seed, trackSeconds, sampleRate);
  return encodeMp3(audio.left, audio.right, sampleRate);
}

/** Removes temporary files of earlier, stopped runs from the library's folders. */
async function removeStalePartials(dir: string, items: readonly LibraryItem[]): Promise<void> {
  const folders = new Set(items.map((item) => path.join(dir, path.dirname(item.relativePath))));
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.startsWith(".") || !name.endsWith(PARTIAL_SUFFIX)) continue;
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
    }
  }
}
