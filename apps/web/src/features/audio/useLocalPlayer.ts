import { AUDIO_MOOD_IDS, AUDIO_DEFAULT_VOLUME, type AudioFileList } from "@focus/core/audio";
import { localPlayerMachine, randomSeed } from "@focus/core/audioPlayer";
import { type AudioListener } from "@focus/core/subscription";
import { useQueries, type UseQueryResult } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { audioListKey, fetchMoodLibraryOrEmpty, playElement, pollWhilePreparing, streamUrl } from "@/runtime/audio/audioApi";
import { pauseMoodAudio } from "@/runtime/audio/audioEngine";
import { createAudioElement } from "./mediaElement";

/**
 * The four lists in one value. TanStack Query keeps equal parts of it identical between
 * renders, so `libraries` changes only when a list does.
 */
function combineLists(results: UseQueryResult<AudioFileList>[]) {
  return {
    libraries: results.map((list) => list.data?.files),
    /** Per mood, the tracks the server is still rendering. */
    pending: results.map((list) => list.data?.pending ?? []),
    // Changes with every answer, even one equal to the last (a refresh).
    answered: results.map((list) => list.dataUpdatedAt).join(","),
    isRefreshing: results.some((list) => list.isFetching),
    refresh: () => results.forEach((list) => void list.refetch()),
  };
}

/**
 * The local player of /local-audio: its own <audio> element (no loop: a track that ends hands over
 * to another random one) driven by core's local-player chart, and the four mood lists (one call per
 * mood; a non-OK answer is an empty list; asked again every few seconds while the server still
 * renders tracks of the mood). `listener` decides which tracks the chart may pick or
 * start (`docs/product.md`, Audio); a locked track asked for is refused with a toast saying why.
 */
export function useLocalPlayer(listener: AudioListener) {
  const [media] = useState(() => createAudioElement({ preload: "auto", volume: AUDIO_DEFAULT_VOLUME }));
  const { element } = media;
  const machine = useMemo(
    () =>
      localPlayerMachine.provide({
        actions: {
          loadMedia: ({ context }) => {
            if (!context.track) return;
            media.setSource(streamUrl(context.track.path), { load: true });
          },
          playMedia: ({ self }) => {
            // One sound at a time: the app's mood player steps aside.
            pauseMoodAudio();
            playElement(element, () => self.send({ type: "PLAY_FAILED" }));
          },
          pauseMedia: () => element.pause(),
          applyVolume: ({ context }) => media.setVolume(context.volume),
        },
      }),
    [media, element],
  );
  const actor = useActorRef(machine, { input: { seed: randomSeed(), volume: AUDIO_DEFAULT_VOLUME, listener } });
  useEffect(() => {
    actor.send({ type: "SET_LISTENER", listener });
  }, [actor, listener]);

  useEffect(() => {
    const on = (name: string, type: "MEDIA_PLAYING" | "MEDIA_PAUSED" | "MEDIA_ENDED" | "MEDIA_ERROR") => {
      const listener = () => {
        // The end of a track also reports a pause first; only the end counts then.
        if (type === "MEDIA_PAUSED" && element.ended) return;
        if (type === "MEDIA_ERROR" && !element.getAttribute("src")) return;
        actor.send({ type });
      };
      element.addEventListener(name, listener);
      return () => element.removeEventListener(name, listener);
    };
    const offs = [on("playing", "MEDIA_PLAYING"), on("pause", "MEDIA_PAUSED"), on("ended", "MEDIA_ENDED"), on("error", "MEDIA_ERROR")];
    const emitted = actor.on("*", (event) => {
      if (event.type === "playbackError") console.error(event.message);
      else toast({ title: event.message, variant: event.type === "playFailed" ? "destructive" : "default" });
    });
    return () => {
      offs.forEach((off) => off());
      emitted.unsubscribe();
      element.pause();
      element.removeAttribute("src");
    };
  }, [actor, element]);

  const { libraries, pending, answered, isRefreshing, refresh } = useQueries({
    queries: AUDIO_MOOD_IDS.map((mood) => ({
      queryKey: audioListKey(mood),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMoodLibraryOrEmpty(mood, signal),
      // New tracks of a library still being rendered show up without a refresh.
      refetchInterval: pollWhilePreparing,
    })),
    combine: combineLists,
  });
  // Each list's answer reaches the chart once, and again after every refresh (`answered`).
  useEffect(() => {
    AUDIO_MOOD_IDS.forEach((mood, i) => {
      const tracks = libraries[i];
      if (tracks) actor.send({ type: "SET_LIBRARY", mood, tracks });
    });
  }, [actor, libraries, answered]);

  const status = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  return { actor, element, seek: media.seek, status, context, libraries, pending, isRefreshing, refresh };
}

/** What `useLocalPlayer` gives the page. */
export type LocalPlayer = ReturnType<typeof useLocalPlayer>;
