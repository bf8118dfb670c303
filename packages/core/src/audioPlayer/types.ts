import type { AudioMoodId, AudioFile } from "../audio/schemas";

/** What the mood player's chart knows. */
export interface AudioPlayerContext {
  /** Guests may only select `GUEST_AUDIO_MOOD` (`docs/product.md`, Audio). */
  isGuest: boolean;
  /** On the Free plan only its three tracks play, and moods without one are locked. */
  freePlan: boolean;
  /** The selected mood; kept after a failed load so the user sees which one failed. */
  mood: AudioMoodId | null;
  /** The mood's tracks as last listed. */
  tracks: AudioFile[];
  /** The loaded track, if any. */
  track: AudioFile | null;
  /** Player volume, 0..1 (default 0.7, `docs/product.md`, Audio). */
  volume: number;
  /** The volume before TOGGLE_MUTE set it to 0, restored by the next TOGGLE_MUTE; else null. */
  mutedFrom: number | null;
  /** A fade multiplier over the volume, 0..1 (1 unless "Audio follows the timer" fades out). */
  gain: number;
  /** Play as soon as the loading track is ready ("plays it when asked"). */
  autoplay: boolean;
  /** A track to avoid when picking (Change Flow picks a different one). */
  excludePath: string | null;
  /** Whether the current play attempt resumes a paused track ('Failed to resume audio'). */
  resuming: boolean;
  /** The random choice's seed (see random.ts). */
  seed: number;
  /** The last failure's message, cleared by the next load. */
  error: string | null;
}

export interface AudioPlayerInput {
  isGuest?: boolean;
  freePlan?: boolean;
  volume?: number;
  seed?: number;
}

export type AudioPlayerEvent =
  /** Pick a mood; the active mood again clears the selection. `autoplay` plays once loaded. */
  | { type: "SELECT_MOOD"; mood: AudioMoodId; autoplay?: boolean }
  /** Play the current track, or load and play `mood` (or the selected mood) first. */
  | { type: "PLAY"; mood?: AudioMoodId }
  | { type: "PAUSE" }
  | { type: "TOGGLE" }
  /** Pause and rewind (stop). */
  | { type: "STOP" }
  /** A different random track of the same mood (Change Flow). */
  | { type: "CHANGE_FLOW" }
  /** Unselect the mood and unload the track. */
  | { type: "CLEAR" }
  | { type: "SET_VOLUME"; volume: number }
  /** Mute (volume 0) or give back the volume it had (the M shortcut); from 0, the default. */
  | { type: "TOGGLE_MUTE" }
  | { type: "SET_GAIN"; gain: number }
  | { type: "SET_GUEST"; isGuest: boolean }
  | { type: "SET_FREE_PLAN"; freePlan: boolean }
  /** From the media element: it started playing, paused by itself, or failed. */
  | { type: "MEDIA_PLAYING" }
  | { type: "MEDIA_PAUSED" }
  /** The track played to its end: another track of the mood follows (a 15:00 track is never looped). */
  | { type: "MEDIA_ENDED" }
  | { type: "MEDIA_ERROR" }
  /** From the app's `playMedia`: the element refused to play (e.g. autoplay policy). */
  | { type: "PLAY_FAILED" };

/** Events for the adapter to log or show (in the mood player they are only logged). */
export type AudioPlayerEmitted =
  | { type: "loadFailed"; mood: AudioMoodId; message: string; error: unknown }
  | { type: "noTracks"; mood: AudioMoodId; message: string }
  | { type: "playFailed"; message: string }
  | { type: "playbackError"; message: string }
  | { type: "moodLocked"; mood: AudioMoodId };

/** The `loadTracks` actor's input: the app lists the mood's files. */
export interface LoadTracksInput {
  mood: AudioMoodId;
}
