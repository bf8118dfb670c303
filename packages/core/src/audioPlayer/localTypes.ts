import type { AudioCategoryId, AudioFile } from "../audio/schemas";

/** What the local player's chart knows (spec §2 Local audio player, §4 Audio). */
export interface LocalPlayerContext {
  /** The open tab. */
  category: AudioCategoryId;
  /** Each category's files as last listed (spec §7: a failed list is an empty one). */
  library: Partial<Record<AudioCategoryId, AudioFile[]>>;
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
  category?: AudioCategoryId;
  volume?: number;
  seed?: number;
}

export type LocalPlayerEvent =
  /** A category's list arrived (or failed: an empty list). */
  | { type: "SET_LIBRARY"; category: AudioCategoryId; tracks: AudioFile[] }
  /** Open another tab. */
  | { type: "SELECT_CATEGORY"; category: AudioCategoryId }
  /** Play/Pause button: resume, or start a random track when there is none. */
  | { type: "PLAY" }
  | { type: "PAUSE" }
  | { type: "TOGGLE" }
  /** A track of the list. */
  | { type: "PLAY_TRACK"; track: AudioFile }
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

/** Events for the adapter to toast or log (spec §8). */
export type LocalPlayerEmitted =
  | { type: "noTracks"; category: AudioCategoryId; message: string }
  | { type: "playFailed"; message: string }
  | { type: "playbackError"; message: string };
