/**
 * How long a generated track plays, and where in it the listener is (`docs/product.md`, Audio).
 * A generated track is a seamless loop file (`loopSeconds`, 96 s) that plays for
 * GENERATED_TRACK_SECONDS (15:00) by repeating: the player shows one 15-minute track, its
 * position counted across the repeats, and moves on when it is over. A file without
 * `loopSeconds` (the user's own) plays once, for the file's own length.
 */
import type { AudioFile } from "../audio/schemas";

/** How long every generated track plays, seconds (15:00). */
export const GENERATED_TRACK_SECONDS = 15 * 60;

/** A track that repeats its loop file: how long it plays and how long one loop is, seconds. */
export interface LoopedTimeline {
  durationSeconds: number;
  loopSeconds: number;
}

/** The looped timeline of `track`, or null when it plays its file once. */
export function loopedTimelineOf(track: Pick<AudioFile, "durationSeconds" | "loopSeconds"> | null | undefined): LoopedTimeline | null {
  if (!track?.loopSeconds || !track.durationSeconds || track.durationSeconds <= track.loopSeconds) return null;
  return { durationSeconds: track.durationSeconds, loopSeconds: track.loopSeconds };
}

/** The position in the track, seconds, after `loopsDone` whole loops and `fileSeconds` into the file; at most the track's length. */
export function loopedPosition(timeline: LoopedTimeline, loopsDone: number, fileSeconds: number): number {
  return Math.min(timeline.durationSeconds, loopsDone * timeline.loopSeconds + fileSeconds);
}

/** Where a seek to `seconds` of the track lands: whole loops done and the position in the file (clamped to the track). */
export function loopedSeek(timeline: LoopedTimeline, seconds: number): { loopsDone: number; fileSeconds: number } {
  const clamped = Math.max(0, Math.min(seconds, timeline.durationSeconds));
  const loopsDone = Math.floor(clamped / timeline.loopSeconds);
  return { loopsDone, fileSeconds: clamped - loopsDone * timeline.loopSeconds };
}

/**
 * Whether the file's position going from `before` to `after` (seconds) is the loop starting
 * again: a jump back of more than half a loop that no seek asked for.
 */
export function isLoopRestart(timeline: LoopedTimeline, before: number, after: number): boolean {
  return before - after > timeline.loopSeconds / 2;
}
