import { AUDIO_CATEGORY_IDS, AUDIO_DEFAULT_VOLUME, localPlayerMachine, randomSeed } from "@focus/core";
import { useQueries } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { audioListKey, fetchCategoryTracksOrEmpty, playElement, streamUrl } from "./audioApi";
import { pauseMoodAudio } from "./audioEngine";

/**
 * The local player of /local-audio: its own <audio> element (no loop: a track that ends hands
 * over to another random one) driven by core's local-player chart, and the four category
 * lists (spec §7: one call per category; a non-OK answer is an empty list).
 */
export function useLocalPlayer() {
  const [element] = useState(() => {
    const audio = new Audio();
    audio.preload = "auto";
    audio.volume = AUDIO_DEFAULT_VOLUME;
    return audio;
  });
  const machine = useMemo(
    () =>
      localPlayerMachine.provide({
        actions: {
          loadMedia: ({ context }) => {
            if (!context.track) return;
            element.src = streamUrl(context.track.path);
            element.load();
          },
          playMedia: ({ self }) => {
            // One sound at a time: the app's mood player steps aside.
            pauseMoodAudio();
            playElement(element, () => self.send({ type: "PLAY_FAILED" }));
          },
          pauseMedia: () => element.pause(),
          applyVolume: ({ context }) => {
            element.volume = context.volume;
          },
        },
      }),
    [element],
  );
  const actor = useActorRef(machine, { input: { seed: randomSeed(), volume: AUDIO_DEFAULT_VOLUME } });

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

  const lists = useQueries({
    queries: AUDIO_CATEGORY_IDS.map((category) => ({
      queryKey: audioListKey(category),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCategoryTracksOrEmpty(category, signal),
    })),
  });
  // Each list's answer reaches the chart once, and again after every refresh.
  const answered = lists.map((list) => list.dataUpdatedAt).join(",");
  useEffect(() => {
    AUDIO_CATEGORY_IDS.forEach((category, i) => {
      const tracks = lists[i]?.data;
      if (tracks) actor.send({ type: "SET_LIBRARY", category, tracks });
    });
  }, [actor, answered]); // `lists` is new on every render; `answered` stands for its content.

  const status = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  return {
    actor,
    element,
    status,
    context,
    lists,
    isRefreshing: lists.some((list) => list.isFetching),
    refresh: () => lists.forEach((list) => void list.refetch()),
  };
}
