import { audioFileListSchema, type AudioMoodId, type AudioFile } from "@focus/core/audio";
import { AUDIO_MESSAGES } from "@focus/core/audioPlayer";
import { api } from "@/lib/api";

/**
 * The audio calls: `GET /api/audio/local/list/{categoryId}` and the stream URL. Through the
 * app's HTTP client directly (not a query), because the mood player's chart calls it outside React.
 */

/** The stream URL of a library file: `/api/audio/stream?path=<URL-encoded path>`. */
export function streamUrl(path: string): string {
  return `/api/audio/stream?path=${encodeURIComponent(path)}`;
}

/** A mood's files; throws an ApiError on a non-OK answer (the mood player logs it). */
export async function fetchMoodTracks(mood: AudioMoodId, signal?: AbortSignal): Promise<AudioFile[]> {
  return audioFileListSchema.parse(await api.get(`/api/audio/local/list/${encodeURIComponent(mood)}`, { signal })).files;
}

/**
 * A mood's files for the local player: a non-OK answer (or no answer) is an empty list for that
 * mood; only the log says why.
 */
export async function fetchMoodTracksOrEmpty(mood: AudioMoodId, signal?: AbortSignal): Promise<AudioFile[]> {
  try {
    return await fetchMoodTracks(mood, signal);
  } catch (error) {
    if (!signal?.aborted) console.error(AUDIO_MESSAGES.loadFailed, mood, error);
    return [];
  }
}

/** Query key of a mood's list (also its path, see lib/api `queryKeyToPath`). */
export const audioListKey = (mood: AudioMoodId) => ["/api/audio/local/list", mood] as const;

/** Seconds as m:ss (the local audio player's progress), e.g. 95.4 → "1:35"; unknown → "0:00". */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Asks an element to play. A refusal (autoplay policy, unsupported file) calls `onRefused`;
 * an AbortError only means a pause or a new source interrupted the attempt, and is ignored.
 */
export function playElement(element: HTMLMediaElement, onRefused: (error: unknown) => void): void {
  let attempt: Promise<void> | undefined;
  try {
    attempt = element.play();
  } catch (error) {
    onRefused(error);
    return;
  }
  attempt?.catch((error: unknown) => {
    if (error instanceof DOMException && error.name === "AbortError") return;
    onRefused(error);
  });
}
