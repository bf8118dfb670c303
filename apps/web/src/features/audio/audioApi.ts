import { AUDIO_MESSAGES, audioFileListSchema, type AudioCategoryId, type AudioFile } from "@focus/core";
import { api } from "@/lib/api";

/**
 * The audio calls: `GET /api/audio/local/list/{categoryId}` and the stream URL. Through the
 * app's HTTP client directly (not a query), because the mood player's chart calls it outside React.
 */

/** The stream URL of a library file: `/api/audio/stream?path=<URL-encoded path>`. */
export function streamUrl(path: string): string {
  return `/api/audio/stream?path=${encodeURIComponent(path)}`;
}

/** A category's files; throws an ApiError on a non-OK answer (the mood player logs it). */
export async function fetchCategoryTracks(category: AudioCategoryId, signal?: AbortSignal): Promise<AudioFile[]> {
  return audioFileListSchema.parse(await api.get(`/api/audio/local/list/${encodeURIComponent(category)}`, { signal })).files;
}

/**
 * A category's files for the local player (spec §7): a non-OK answer (or no answer) is an
 * empty list for that category; only the log says why.
 */
export async function fetchCategoryTracksOrEmpty(category: AudioCategoryId, signal?: AbortSignal): Promise<AudioFile[]> {
  try {
    return await fetchCategoryTracks(category, signal);
  } catch (error) {
    if (!signal?.aborted) console.error(AUDIO_MESSAGES.loadFailed, category, error);
    return [];
  }
}

/** Query key of a category's list (also its path, see lib/api `queryKeyToPath`). */
export const audioListKey = (category: AudioCategoryId) => ["/api/audio/local/list", category] as const;

/** Seconds as m:ss (spec §2 Local audio player), e.g. 95.4 → "1:35"; unknown → "0:00". */
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
