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
import { MOODS } from "./presets";
import { NOTIFICATION_SOUNDS, type NotificationSoundName, renderNotificationSound } from "./sounds";
import { TRACK_SECONDS, type Track, tracksOf } from "./tracks";

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

/** A missing file in a plan: `urgent` when it is a sound or the track that makes its mood playable. */
export interface PlannedItem extends LibraryItem {
  urgent: boolean;
}

/**
 * Every generated file in render order: the sounds (tiny, wanted at once), then the tracks round
 * by round: the first track of every mood, then the second of every mood, and so on, each round
 * in mood order (`docs/product.md`, Audio: every mood playable first).
 */
export function libraryItems(): LibraryItem[] {
  const byMood = MOODS.map((mood) => tracksOf(mood));
  const rounds = Math.max(...byMood.map((tracks) => tracks.length));
  const tracks: Track[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const moodTracks of byMood) {
      const track = moodTracks[round];
      if (track) tracks.push(track);
    }
  }
  return [
    ...NOTIFICATION_SOUNDS.map((sound) => ({ kind: "sound" as const, relativePath: `${SOUNDS_FOLDER}/${sound}.mp3`, sound })),
    ...tracks.map((track) => ({ kind: "track" as const, relativePath: `${track.mood}/${track.filename}`, track })),
  ];
}

/** What a run has to render: the missing files, urgent ones first, each group in `libraryItems` order. */
export interface LibraryPlan {
  /** The library folder, absolute. */
  dir: string;
  /** Files of the whole library. */
  total: number;
  /** Files to render, in render order. */
  missing: PlannedItem[];
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

/**
 * Finds the files to render in `dir`: every missing file, and every generated track of another
 * length than `trackSeconds` (seconds, default TRACK_SECONDS). The sounds and the first missing
 * track of each mood that has no track yet are urgent and come first; then the rest in
 * `libraryItems` order. Also removes temporary files of earlier, stopped runs.
 */
export async function planLibrary(options: Pick<LibraryOptions, "dir" | "trackSeconds">): Promise<LibraryPlan> {
  const dir = path.resolve(options.dir);
  const trackSeconds = options.trackSeconds ?? TRACK_SECONDS;
  const items = libraryItems();
  const missing: LibraryItem[] = [];
  for (const item of items) {
    const file = path.join(dir, item.relativePath);
    if (!existsSync(file) || (item.track && !(await hasLength(file, loopSecondsFor(item.track.preset, trackSeconds))))) missing.push(item);
  }
  await removeStalePartials(dir, items);
  const missingPaths = new Set(missing.map((item) => item.relativePath));
  const playable = new Set(items.filter((item) => item.track && !missingPaths.has(item.relativePath)).map((item) => item.track?.mood));
  const urgent = new Set<LibraryItem>();
  for (const item of missing) {
    if (item.sound) urgent.add(item);
    else if (item.track && !playable.has(item.track.mood)) {
      urgent.add(item);
      playable.add(item.track.mood);
    }
  }
  const planned = missing.map((item) => ({ ...item, urgent: urgent.has(item) }));
  return { dir, total: items.length, missing: [...planned.filter((item) => item.urgent), ...planned.filter((item) => !item.urgent)] };
}

/** The library item stored at `relativePath`, if any. */
export function libraryItemAt(relativePath: string): LibraryItem | undefined {
  return libraryItems().find((item) => item.relativePath === relativePath);
}

/**
 * Renders one item and writes it to `<dir>/<relativePath>` under a hidden temporary name, renamed
 * into place when complete (so it is never listed half-written). Returns its size, bytes.
 */
export async function writeLibraryItem(dir: string, item: LibraryItem, sampleRate: number, trackSeconds: number): Promise<number> {
  const bytes = await renderItem(item, sampleRate, trackSeconds);
  const target = path.join(dir, item.relativePath);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Date.now()}${PARTIAL_SUFFIX}`);
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  return bytes.length;
}

/**
 * Renders every missing file of the library, and every generated track of another length, one
 * after another in this thread, in `planLibrary`'s order.
 */
export async function renderLibrary(options: LibraryOptions): Promise<LibrarySummary> {
  const started = performance.now();
  const sampleRate = options.sampleRate ?? DEFAULT_SAMPLE_RATE;
  const trackSeconds = options.trackSeconds ?? TRACK_SECONDS;
  const plan = await planLibrary(options);
  options.onEvent?.({ type: "start", dir: plan.dir, total: plan.total, missing: plan.missing.length });

  let rendered = 0;
  for (const item of plan.missing) {
    if (options.shouldStop?.()) break;
    const fileStarted = performance.now();
    const bytes = await writeLibraryItem(plan.dir, item, sampleRate, trackSeconds);
    rendered++;
    options.onEvent?.({
      type: "rendered",
      path: item.relativePath,
      index: rendered,
      total: plan.missing.length,
      seconds: (performance.now() - fileStarted) / 1000,
      bytes,
    });
  }
  const summary = { rendered, skipped: plan.total - plan.missing.length, seconds: (performance.now() - started) / 1000 };
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
