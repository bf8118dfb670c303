import { AUDIO_DEFAULT_VOLUME, type AudioMoodId, type AudioFile } from "@focus/core/audio";
import { audioPlayerMachine, randomSeed, type AudioPlayerEmitted } from "@focus/core/audioPlayer";
import { createActor, fromPromise, type ActorRefFrom } from "xstate";
import { fetchMoodTracks, playElement, streamUrl } from "./audioApi";

/**
 * The app's one mood player (core's audioPlayer chart): one HTMLAudioElement (volume 0.7; at a
 * track's end the chart plays another of the mood) driven by the core chart. It lives outside React so that switching tabs, and going from
 * /app to /music and back, never interrupts the sound; `AudioProvider` hands it to components.
 */
export interface AudioEngine {
  actor: ActorRefFrom<typeof audioPlayerMachine>;
  element: HTMLAudioElement;
}

/** How long the player outlives its last provider (a route change), ms. */
const RELEASE_GRACE_MS = 4000;

export function createAudioEngine(): AudioEngine {
  const element = new Audio();
  element.preload = "auto";
  element.volume = AUDIO_DEFAULT_VOLUME;

  const machine = audioPlayerMachine.provide({
    actors: {
      loadTracks: fromPromise<AudioFile[], { mood: AudioMoodId }>(({ input, signal }) =>
        fetchMoodTracks(input.mood, signal),
      ),
    },
    actions: {
      loadMedia: ({ context }) => {
        if (!context.track) return;
        element.src = streamUrl(context.track.path);
        element.load();
      },
      playMedia: ({ self }) => playElement(element, () => self.send({ type: "PLAY_FAILED" })),
      pauseMedia: () => element.pause(),
      rewindMedia: () => {
        element.currentTime = 0;
      },
      unloadMedia: () => {
        element.removeAttribute("src");
        element.load();
      },
      applyVolume: ({ context }) => {
        element.volume = context.volume * context.gain;
      },
    },
  });
  const actor = createActor(machine, { input: { seed: randomSeed(), volume: AUDIO_DEFAULT_VOLUME } });
  element.addEventListener("playing", () => actor.send({ type: "MEDIA_PLAYING" }));
  // The end of a track also reports a pause first; only the end counts then.
  element.addEventListener("pause", () => {
    if (!element.ended) actor.send({ type: "MEDIA_PAUSED" });
  });
  element.addEventListener("ended", () => actor.send({ type: "MEDIA_ENDED" }));
  // An element without a source reports nothing worth telling (e.g. after unloading).
  element.addEventListener("error", () => {
    if (element.getAttribute("src")) actor.send({ type: "MEDIA_ERROR" });
  });
  actor.on("*", logAudioEvent);
  actor.start();
  return { actor, element };
}

/** In the mood player, load and playback failures are only logged. */
function logAudioEvent(event: AudioPlayerEmitted) {
  if (event.type === "moodLocked") console.warn(`Guests can only play Deep Work (asked for ${event.mood})`);
  else if (event.type === "loadFailed") console.error(event.message, event.mood, event.error);
  else console.error(event.message);
}

let shared: { engine: AudioEngine; holders: number; release?: ReturnType<typeof setTimeout> } | null = null;

/** The shared player, created on first use. */
export function getAudioEngine(): AudioEngine {
  shared ??= { engine: createAudioEngine(), holders: 0 };
  return shared.engine;
}

/**
 * Keeps the shared player alive while a provider is mounted; returns the release. When the
 * last provider goes (logging out, leaving the app's pages), the player stops after a short
 * grace, long enough for the next page of the app to take it over.
 */
export function holdAudioEngine(engine: AudioEngine): () => void {
  if (!shared || shared.engine !== engine) return () => {};
  const entry = shared;
  clearTimeout(entry.release);
  entry.holders += 1;
  return () => {
    entry.holders -= 1;
    if (entry.holders > 0 || shared !== entry) return;
    entry.release = setTimeout(() => {
      if (entry.holders === 0 && shared === entry) disposeAudioEngine();
    }, RELEASE_GRACE_MS);
  };
}

/** Stops and forgets the shared player (also used between tests). */
export function disposeAudioEngine(): void {
  if (!shared) return;
  const { engine, release } = shared;
  clearTimeout(release);
  shared = null;
  engine.actor.send({ type: "CLEAR" });
  engine.actor.stop();
}

/** Pauses the mood player if it is playing: the other players on their pages call it first. */
export function pauseMoodAudio(): void {
  shared?.engine.actor.send({ type: "PAUSE" });
}
