import { assign, emit, fromPromise, setup } from "xstate";
import { AUDIO_DEFAULT_VOLUME, GUEST_AUDIO_MOOD, audioMoodById } from "../audio/catalogue";
import type { AudioMoodId, AudioFile } from "../audio/schemas";
import { type AudioListener, listenerMayPlay, moodLockedFor } from "../subscription/plan";
import { AUDIO_MESSAGES, noTracksMessage } from "./messages";
import { pickTrack, randomSeed } from "./random";
import type { AudioPlayerContext, AudioPlayerEmitted, AudioPlayerEvent, AudioPlayerInput, LoadTracksInput } from "./types";

/** Clamps a level to 0..1 (NaN → 0). */
export function clampLevel(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/**
 * The listener the mood player's flags stand for: a guest, the Free plan, or a plan that plays
 * everything (trial and premium are alike here).
 */
function listenerOf(isGuest: boolean, freePlan: boolean): AudioListener {
  return isGuest ? "guest" : freePlan ? "free" : "premium";
}

/**
 * Whether `mood` is closed to the listener (`docs/product.md`, Audio: core's `moodLockedFor`):
 * a guest gets Deep Work only; the Free plan (`freePlan`) the moods of its three tracks.
 */
export function isMoodLocked(isGuest: boolean, mood: AudioMoodId, freePlan = false): boolean {
  return moodLockedFor(listenerOf(isGuest, freePlan), mood);
}

/** The tracks of a mood's list the listener may play (`listenerMayPlay`): random picks come from these only. */
function playableTracks(tracks: AudioFile[], context: Pick<AudioPlayerContext, "isGuest" | "freePlan">): AudioFile[] {
  const listener = listenerOf(context.isGuest, context.freePlan);
  return tracks.filter((track) => listenerMayPlay(listener, track.path));
}

/** Whether the selected mood, or the loaded track, is closed to the listener `flags` stand for. */
function selectionLocked(context: AudioPlayerContext, flags: Pick<AudioPlayerContext, "isGuest" | "freePlan">): boolean {
  if (context.mood !== null && isMoodLocked(flags.isGuest, context.mood, flags.freePlan)) return true;
  return context.track !== null && !listenerMayPlay(listenerOf(flags.isGuest, flags.freePlan), context.track.path);
}

/** The mood an event asks for, if any. */
function requestedMood(event: AudioPlayerEvent): AudioMoodId | undefined {
  return event.type === "SELECT_MOOD" || event.type === "PLAY" ? event.mood : undefined;
}

const moodName = (mood: AudioMoodId) => audioMoodById(mood)?.name ?? mood;

const NO_SELECTION = {
  mood: null,
  tracks: [],
  track: null,
  autoplay: false,
  excludePath: null,
  resuming: false,
  error: null,
} satisfies Partial<AudioPlayerContext>;

/**
 * The mood player: idle → loading → loaded ⇄ playing ⇄ paused.
 *
 * Picking a mood lists its tracks (the `loadTracks` actor) and loads a random one, seeded from
 * the context; it plays at once when asked (`autoplay`, or PLAY while loading). Picking the
 * active mood again clears the selection. Change Flow loads a different random track of the
 * same mood; STOP pauses and rewinds. A failed list, an empty list, a refused play and a media
 * error stop loading or playing and are emitted for the adapter to log. Guests may only pick
 * Deep Work; the Free plan plays its three tracks only (`isMoodLocked`).
 *
 * The media element is the app's: the actions `loadMedia` (the context's track), `playMedia`
 * (sends PLAY_FAILED back when refused), `pauseMedia`, `rewindMedia`, `unloadMedia` and
 * `applyVolume` (volume × gain) are provided with `machine.provide`, as is `loadTracks`.
 */
export const audioPlayerMachine = setup({
  types: {
    context: {} as AudioPlayerContext,
    events: {} as AudioPlayerEvent,
    input: {} as AudioPlayerInput,
    emitted: {} as AudioPlayerEmitted,
  },
  actors: {
    loadTracks: fromPromise<AudioFile[], LoadTracksInput>(async () => {
      throw new Error("loadTracks is provided by the app");
    }),
  },
  guards: {
    moodLocked: ({ context, event }) => {
      const mood = requestedMood(event) ?? (event.type === "PLAY" ? context.mood : null);
      return mood != null && isMoodLocked(context.isGuest, mood, context.freePlan);
    },
    isActiveMood: ({ context, event }) => event.type === "SELECT_MOOD" && event.mood === context.mood,
    playsOtherMood: ({ context, event }) =>
      event.type === "PLAY" && event.mood !== undefined && event.mood !== context.mood,
    playsCurrent: ({ context, event }) => event.type === "PLAY" && (event.mood ?? context.mood) === context.mood,
    hasSelectedMood: ({ context, event }) =>
      context.mood !== null && (event.type !== "PLAY" || event.mood === undefined || event.mood === context.mood),
    autoplay: ({ context }) => context.autoplay,
    resuming: ({ context }) => context.resuming,
    listIsEmpty: ({ context, event }) =>
      "output" in event && Array.isArray(event.output) && playableTracks(event.output as AudioFile[], context).length === 0,
    becomesLockedGuest: ({ context, event }) =>
      event.type === "SET_GUEST" && selectionLocked(context, { isGuest: event.isGuest, freePlan: context.freePlan }),
    becomesLockedPlan: ({ context, event }) =>
      event.type === "SET_FREE_PLAN" && selectionLocked(context, { isGuest: context.isGuest, freePlan: event.freePlan }),
  },
  actions: {
    // Media effects: the app's (see the doc comment).
    loadMedia: () => {},
    playMedia: () => {},
    pauseMedia: () => {},
    rewindMedia: () => {},
    unloadMedia: () => {},
    applyVolume: () => {},

    selectMood: assign(({ context, event }) => ({
      mood: requestedMood(event) ?? context.mood,
      autoplay: event.type === "PLAY" || (event.type === "SELECT_MOOD" && event.autoplay === true),
      track: null,
      tracks: [],
      excludePath: null,
      error: null,
    })),
    reloadSelected: assign({ autoplay: true, track: null, excludePath: null, error: null }),
    prepareChangeFlow: assign(({ context }, params: { autoplay: boolean }) => ({
      excludePath: context.track?.path ?? null,
      autoplay: params.autoplay,
      track: null,
      error: null,
    })),
    pickFromList: assign(({ context, event }) => {
      const tracks = playableTracks("output" in event && Array.isArray(event.output) ? (event.output as AudioFile[]) : [], context);
      const { track, seed } = pickTrack(tracks, context.seed, context.excludePath);
      return { tracks, track, seed, excludePath: null };
    }),
    setAutoplay: assign((_, params: { autoplay: boolean }) => ({ autoplay: params.autoplay })),
    toggleAutoplay: assign(({ context }) => ({ autoplay: !context.autoplay })),
    markPlay: assign((_, params: { resuming: boolean }) => ({ resuming: params.resuming, error: null })),
    clearSelection: assign(NO_SELECTION),
    clearError: assign({ error: null }),
    setVolume: assign(({ context, event }) =>
      event.type === "SET_VOLUME" ? { volume: clampLevel(event.volume), mutedFrom: null } : { volume: context.volume },
    ),
    toggleMute: assign(({ context }) =>
      context.volume > 0
        ? { volume: 0, mutedFrom: context.volume }
        : { volume: context.mutedFrom ?? AUDIO_DEFAULT_VOLUME, mutedFrom: null },
    ),
    setGain: assign({ gain: ({ context, event }) => (event.type === "SET_GAIN" ? clampLevel(event.gain) : context.gain) }),
    setGuest: assign({ isGuest: ({ context, event }) => (event.type === "SET_GUEST" ? event.isGuest : context.isGuest) }),
    setFreePlan: assign({ freePlan: ({ context, event }) => (event.type === "SET_FREE_PLAN" ? event.freePlan : context.freePlan) }),

    emitMoodLocked: emit(({ context, event }) => ({
      type: "moodLocked" as const,
      mood: requestedMood(event) ?? context.mood ?? GUEST_AUDIO_MOOD,
    })),
    failLoad: assign({ error: AUDIO_MESSAGES.loadFailed, tracks: [], track: null, autoplay: false }),
    emitLoadFailed: emit(({ context, event }) => ({
      type: "loadFailed" as const,
      mood: context.mood ?? GUEST_AUDIO_MOOD,
      message: AUDIO_MESSAGES.loadFailed,
      error: "error" in event ? event.error : undefined,
    })),
    failEmpty: assign(({ context }) => ({
      error: noTracksMessage(moodName(context.mood ?? GUEST_AUDIO_MOOD)),
      tracks: [],
      track: null,
      autoplay: false,
    })),
    emitNoTracks: emit(({ context }) => ({
      type: "noTracks" as const,
      mood: context.mood ?? GUEST_AUDIO_MOOD,
      message: noTracksMessage(moodName(context.mood ?? GUEST_AUDIO_MOOD)),
    })),
    failPlay: assign(({ context }) => ({ error: context.resuming ? AUDIO_MESSAGES.resumeFailed : AUDIO_MESSAGES.playFailed })),
    emitPlayFailed: emit(({ context }) => ({
      type: "playFailed" as const,
      message: context.resuming ? AUDIO_MESSAGES.resumeFailed : AUDIO_MESSAGES.playFailed,
    })),
    failPlayback: assign({ error: AUDIO_MESSAGES.playbackError, track: null, autoplay: false }),
    emitPlaybackError: emit({ type: "playbackError" as const, message: AUDIO_MESSAGES.playbackError }),
  },
}).createMachine({
  id: "audioPlayer",
  context: ({ input }) => ({
    ...NO_SELECTION,
    isGuest: input.isGuest ?? false,
    freePlan: input.freePlan ?? false,
    volume: clampLevel(input.volume ?? AUDIO_DEFAULT_VOLUME),
    mutedFrom: null,
    gain: 1,
    seed: (input.seed ?? randomSeed()) >>> 0,
  }),
  initial: "idle",
  on: {
    SELECT_MOOD: [
      { guard: "moodLocked", actions: "emitMoodLocked" },
      { guard: "isActiveMood", target: ".idle", actions: ["pauseMedia", "unloadMedia", "clearSelection"] },
      { target: ".loading", reenter: true, actions: "selectMood" },
    ],
    PLAY: [
      { guard: "moodLocked", actions: "emitMoodLocked" },
      { guard: "playsOtherMood", target: ".loading", reenter: true, actions: "selectMood" },
    ],
    CLEAR: { target: ".idle", actions: ["pauseMedia", "unloadMedia", "clearSelection"] },
    SET_VOLUME: { actions: ["setVolume", "applyVolume"] },
    TOGGLE_MUTE: { actions: ["toggleMute", "applyVolume"] },
    SET_GAIN: { actions: ["setGain", "applyVolume"] },
    SET_GUEST: [
      { guard: "becomesLockedGuest", target: ".idle", actions: ["setGuest", "pauseMedia", "unloadMedia", "clearSelection"] },
      { actions: "setGuest" },
    ],
    SET_FREE_PLAN: [
      { guard: "becomesLockedPlan", target: ".idle", actions: ["setFreePlan", "pauseMedia", "unloadMedia", "clearSelection"] },
      { actions: "setFreePlan" },
    ],
  },
  states: {
    /** No track: nothing selected, or the selected mood failed to load or play. */
    idle: {
      on: {
        PLAY: { guard: "hasSelectedMood", target: "loading", actions: "reloadSelected" },
        TOGGLE: { guard: "hasSelectedMood", target: "loading", actions: "reloadSelected" },
      },
    },
    /** Listing the mood's tracks; PLAY/PAUSE here decide whether it plays once loaded. */
    loading: {
      entry: "pauseMedia",
      invoke: {
        id: "loadTracks",
        src: "loadTracks",
        input: ({ context }) => ({ mood: context.mood ?? GUEST_AUDIO_MOOD }),
        onDone: [
          { guard: "listIsEmpty", target: "idle", actions: ["failEmpty", "emitNoTracks"] },
          {
            guard: "autoplay",
            target: "playing",
            actions: ["pickFromList", "loadMedia", { type: "markPlay", params: { resuming: false } }, "playMedia"],
          },
          { target: "loaded", actions: ["pickFromList", "loadMedia"] },
        ],
        onError: { target: "idle", actions: ["failLoad", "emitLoadFailed"] },
      },
      on: {
        PLAY: { guard: "playsCurrent", actions: { type: "setAutoplay", params: { autoplay: true } } },
        PAUSE: { actions: { type: "setAutoplay", params: { autoplay: false } } },
        STOP: { actions: { type: "setAutoplay", params: { autoplay: false } } },
        TOGGLE: { actions: "toggleAutoplay" },
      },
    },
    /** A track is ready at its start (after loading or STOP). */
    loaded: {
      on: {
        PLAY: { guard: "playsCurrent", target: "playing", actions: [{ type: "markPlay", params: { resuming: false } }, "playMedia"] },
        TOGGLE: { target: "playing", actions: [{ type: "markPlay", params: { resuming: false } }, "playMedia"] },
        STOP: { actions: "rewindMedia" },
        CHANGE_FLOW: { target: "loading", actions: { type: "prepareChangeFlow", params: { autoplay: false } } },
        MEDIA_PLAYING: { target: "playing", actions: "clearError" },
        MEDIA_ERROR: { target: "idle", actions: ["failPlayback", "emitPlaybackError"] },
      },
    },
    /** Playing; `playMedia` runs on the way in unless the element itself started (MEDIA_PLAYING). */
    playing: {
      on: {
        PLAY: { guard: "playsCurrent" },
        PAUSE: { target: "paused", actions: "pauseMedia" },
        TOGGLE: { target: "paused", actions: "pauseMedia" },
        STOP: { target: "loaded", actions: ["pauseMedia", "rewindMedia"] },
        CHANGE_FLOW: { target: "loading", actions: { type: "prepareChangeFlow", params: { autoplay: true } } },
        // Paused by something else (a media key, the OS): follow it.
        MEDIA_PAUSED: "paused",
        MEDIA_ENDED: { target: "loading", actions: { type: "prepareChangeFlow", params: { autoplay: true } } },
        PLAY_FAILED: [
          { guard: "resuming", target: "paused", actions: ["failPlay", "emitPlayFailed"] },
          { target: "loaded", actions: ["failPlay", "emitPlayFailed"] },
        ],
        MEDIA_ERROR: { target: "idle", actions: ["pauseMedia", "failPlayback", "emitPlaybackError"] },
      },
    },
    paused: {
      on: {
        PLAY: { guard: "playsCurrent", target: "playing", actions: [{ type: "markPlay", params: { resuming: true } }, "playMedia"] },
        TOGGLE: { target: "playing", actions: [{ type: "markPlay", params: { resuming: true } }, "playMedia"] },
        STOP: { target: "loaded", actions: "rewindMedia" },
        CHANGE_FLOW: { target: "loading", actions: { type: "prepareChangeFlow", params: { autoplay: false } } },
        // Some browsers report the end as a pause first: the end still moves on, playing.
        MEDIA_ENDED: { target: "loading", actions: { type: "prepareChangeFlow", params: { autoplay: true } } },
        MEDIA_PLAYING: { target: "playing", actions: "clearError" },
        MEDIA_ERROR: { target: "idle", actions: ["failPlayback", "emitPlaybackError"] },
      },
    },
  },
});
