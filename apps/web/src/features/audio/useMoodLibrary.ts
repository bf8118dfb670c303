import type { AudioMoodId } from "@focus/core/audio";
import { useQuery } from "@tanstack/react-query";
import { audioListKey, fetchMoodLibraryOrEmpty, pollWhilePreparing } from "@/runtime/audio/audioApi";

/**
 * A mood's list (`AudioFileList`: its files and the tracks the server is still rendering), shared
 * with the other players through its query key, and asked again every few seconds while tracks
 * are to come, so new ones show without a reload. `null` asks nothing.
 */
export function useMoodLibrary(mood: AudioMoodId | null) {
  return useQuery({
    queryKey: audioListKey(mood ?? "deep-work"),
    queryFn: ({ signal }) => fetchMoodLibraryOrEmpty(mood ?? "deep-work", signal),
    enabled: mood !== null,
    refetchInterval: pollWhilePreparing,
  });
}
