import type { AudioMoodId, AudioFile } from "../audio/schemas";
import type { AudioListener } from "../subscription/plan";

/** What the local player's chart knows. */
export interface LocalPlayerContext {
  /** The open tab. */
  mood: AudioMoodId;
  /** Who listens: which tracks may be picked and started (`docs/product.md`, Audio). */
  listener: AudioListener;
  /** Each mood's files as last listed (a failed list is an empty one). */
  library: Partial<Record<AudioMoodId, AudioFile[]>>;
  /** The current track (marked Playing or Paused), if any. */
  track: AudioFile | null;
  /** Volume, 0..1 (slider 0–100 %, default 70 %). */
  volume: number;
  /** Whether the current play attempt resumes ('Failed to resume audio'). */
  resuming: boolean;
  seed: number;
  /** 'Audio playback error' after a media error, until the next track starts. */
  error: string | null;
}

export interface LocalPlayerInput {
  mood?: AudioMoodId;
  /** Default "guest": the fewest tracks, until the app says who listens. */
  listener?: AudioListener;
  volume?: number;
  seed?: number;
}

export type LocalPlayerEvent =
  /** A mood's list arrived (or failed: an empty list). */
  | { type: "SET_LIBRARY"; mood: AudioMoodId; tracks: AudioFile[] }
  /** Open another tab. */
  | { type: "SELECT_MOOD"; mood: AudioMoodId }
  /** Play/Pause button: resume, or start a random track when there is none. */
  | { type: "PLAY" }
  | { type: "PAUSE" }
  | { type: "TOGGLE" }
  /** A track of the list (refused, with `trackLocked`, when the listener may not play it). */
  | { type: "PLAY_TRACK"; track: AudioFile }
  /** Who listens changed (signed in, a plan changed). */
  | { type: "SET_LISTENER"; listener: AudioListener }
  /** 'Random Track'. */
  | { type: "RANDOM" }
  | { type: "SET_VOLUME"; volume: number }
  /** From the media element. */
  | { type: "MEDIA_ENDED" }
  | { type: "MEDIA_PLAYING" }
  | { type: "MEDIA_PAUSED" }
  | { type: "MEDIA_ERROR" }
  /** From the app's `playMedia`: the element refused to play. */
  | { type: "PLAY_FAILED" };

/** Events for the adapter to toast or log. */
export type LocalPlayerEmitted =
  | { type: "noTracks"; mood: AudioMoodId; message: string }
  | { type: "playFailed"; message: string }
  /** A locked track was asked for: why, and how to unlock it. */
  | { type: "trackLocked"; message: string }
  | { type: "playbackError"; message: string };
