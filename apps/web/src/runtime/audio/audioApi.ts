import { audioFileListSchema, type AudioFile, type AudioFileList, type AudioMoodId } from "@focus/core/audio";
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

/**
 * A mood's list: its files and the tracks the server is still rendering (`pending`); throws an
 * ApiError on a non-OK answer.
 */
export async function fetchMoodLibrary(mood: AudioMoodId, signal?: AbortSignal): Promise<AudioFileList> {
  return audioFileListSchema.parse(await api.get(`/api/audio/local/list/${encodeURIComponent(mood)}`, { signal }));
}

/** A mood's files; throws an ApiError on a non-OK answer (the mood player logs it). */
export async function fetchMoodTracks(mood: AudioMoodId, signal?: AbortSignal): Promise<AudioFile[]> {
  return (await fetchMoodLibrary(mood, signal)).files;
}

/**
 * A mood's list for the players' track lists: a non-OK answer (or no answer) is an empty list
 * for that mood, with nothing to come; only the log says why.
 */
export async function fetchMoodLibraryOrEmpty(mood: AudioMoodId, signal?: AbortSignal): Promise<AudioFileList> {
  try {
    return await fetchMoodLibrary(mood, signal);
  } catch (error) {
    if (!signal?.aborted) console.error(AUDIO_MESSAGES.loadFailed, mood, error);
    return { files: [], pending: [] };
  }
}

/** Query key of a mood's list (also its path, see lib/api `queryKeyToPath`); its data is an `AudioFileList`. */
export const audioListKey = (mood: AudioMoodId) => ["/api/audio/local/list", mood] as const;

/**
 * How often a mood's list is asked again while the server still renders some of its tracks, ms:
 * a 15:00 track takes about a minute to render, so a new one shows within seconds of being ready.
 */
export const PREPARING_POLL_MS = 5000;

/** `refetchInterval` of a mood's list query: poll while tracks are to come, else never. */
export function pollWhilePreparing(query: { state: { data?: AudioFileList } }): number | false {
  return (query.state.data?.pending.length ?? 0) > 0 ? PREPARING_POLL_MS : false;
}

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
