import { assign, emit, setup } from "xstate";
import { AUDIO_DEFAULT_VOLUME, audioMoodById } from "../audio/catalogue";
import type { AudioFile } from "../audio/schemas";
import { lockedTracksMessage } from "../subscription/copy";
import { listenerMayPlay } from "../subscription/plan";
import { clampLevel } from "./machine";
import { AUDIO_MESSAGES, noTracksMessage } from "./messages";
import { pickTrack, randomSeed } from "./random";
import type { LocalPlayerContext, LocalPlayerEmitted, LocalPlayerEvent, LocalPlayerInput } from "./localTypes";

/** The tracks of a mood the listener may play (core's `listenerMayPlay`): every random pick comes from these. */
const playableOf = (context: LocalPlayerContext, mood = context.mood): AudioFile[] =>
  (context.library[mood] ?? []).filter((track) => listenerMayPlay(context.listener, track.path));

/**
 * The local audio player: idle ⇄ playing ⇄ paused.
 *
 * - Play with no track picks a random track of the open mood; Play on a paused track resumes it.
 * - When a track ends, another random track of the mood starts.
 * - Opening another mood while playing, or with a track selected, starts a random track of it.
 * - A media error sets 'Audio playback error' and stops playing.
 * - Only tracks the listener may play (`listener`, core's `listenerMayPlay`) are ever picked or
 *   started: a locked track asked for by name is refused with the reason (`trackLocked`), and a
 *   track that becomes locked (SET_LISTENER, e.g. a trial that ended) stops.
 *
 * As with the mood player, the media element is the app's: `loadMedia` (the context's track),
 * `playMedia` (sends PLAY_FAILED back when refused), `pauseMedia` and `applyVolume` are
 * provided with `machine.provide`.
 */
export const localPlayerMachine = setup({
  types: {
    context: {} as LocalPlayerContext,
    events: {} as LocalPlayerEvent,
    input: {} as LocalPlayerInput,
    emitted: {} as LocalPlayerEmitted,
  },
  guards: {
    moodHasTracks: ({ context }) => playableOf(context).length > 0,
    newMoodHasTracks: ({ context, event }) => event.type === "SELECT_MOOD" && playableOf(context, event.mood).length > 0,
    trackLocked: ({ context, event }) => event.type === "PLAY_TRACK" && !listenerMayPlay(context.listener, event.track.path),
    currentTrackLocked: ({ context, event }) =>
      event.type === "SET_LISTENER" && context.track !== null && !listenerMayPlay(event.listener, context.track.path),
  },
  actions: {
    loadMedia: () => {},
    playMedia: () => {},
    pauseMedia: () => {},
    applyVolume: () => {},

    setLibrary: assign({
      library: ({ context, event }) =>
        event.type === "SET_LIBRARY" ? { ...context.library, [event.mood]: event.tracks } : context.library,
    }),
    setMood: assign({
      mood: ({ context, event }) => (event.type === "SELECT_MOOD" ? event.mood : context.mood),
    }),
    /** A random track of the open mood, a different one than now when there is a choice. */
    pickRandom: assign(({ context }) => {
      const { track, seed } = pickTrack(playableOf(context), context.seed, context.track?.path ?? null);
      return { track, seed, resuming: false, error: null };
    }),
    setTrack: assign(({ context, event }) => ({
      track: event.type === "PLAY_TRACK" ? event.track : context.track,
      resuming: false,
      error: null,
    })),
    markResume: assign({ resuming: true }),
    forgetTrack: assign({ track: null }),
    setListener: assign({ listener: ({ context, event }) => (event.type === "SET_LISTENER" ? event.listener : context.listener) }),
    emitTrackLocked: emit(({ context }) => ({ type: "trackLocked" as const, message: lockedTracksMessage(context.listener) ?? AUDIO_MESSAGES.playFailed })),
    setVolume: assign({ volume: ({ context, event }) => (event.type === "SET_VOLUME" ? clampLevel(event.volume) : context.volume) }),
    emitNoTracks: emit(({ context, event }) => {
      const mood = event.type === "SELECT_MOOD" ? event.mood : context.mood;
      return { type: "noTracks" as const, mood, message: noTracksMessage(audioMoodById(mood)?.name ?? mood) };
    }),
    emitPlayFailed: emit(({ context }) => ({
      type: "playFailed" as const,
      message: context.resuming ? AUDIO_MESSAGES.resumeFailed : AUDIO_MESSAGES.playFailed,
    })),
    failPlayback: assign({ error: AUDIO_MESSAGES.playbackError, track: null }),
    emitPlaybackError: emit({ type: "playbackError" as const, message: AUDIO_MESSAGES.playbackError }),
  },
}).createMachine({
  id: "localPlayer",
  context: ({ input }) => ({
    mood: input.mood ?? "deep-work",
    listener: input.listener ?? "guest",
    library: {},
    track: null,
    volume: clampLevel(input.volume ?? AUDIO_DEFAULT_VOLUME),
    resuming: false,
    seed: (input.seed ?? randomSeed()) >>> 0,
    error: null,
  }),
  initial: "idle",
  on: {
    SET_LIBRARY: { actions: "setLibrary" },
    SET_VOLUME: { actions: ["setVolume", "applyVolume"] },
    PLAY_TRACK: [
      { guard: "trackLocked", actions: "emitTrackLocked" },
      { target: ".playing", reenter: true, actions: ["setTrack", "loadMedia"] },
    ],
    SET_LISTENER: [
      { guard: "currentTrackLocked", target: ".idle", actions: ["setListener", "pauseMedia", "forgetTrack"] },
      { actions: "setListener" },
    ],
    RANDOM: [
      { guard: "moodHasTracks", target: ".playing", reenter: true, actions: ["pickRandom", "loadMedia"] },
      { actions: "emitNoTracks" },
    ],
  },
  states: {
    /** Nothing playing and nothing to resume. */
    idle: {
      on: {
        PLAY: [
          { guard: "moodHasTracks", target: "playing", actions: ["pickRandom", "loadMedia"] },
          { actions: "emitNoTracks" },
        ],
        TOGGLE: [
          { guard: "moodHasTracks", target: "playing", actions: ["pickRandom", "loadMedia"] },
          { actions: "emitNoTracks" },
        ],
        SELECT_MOOD: { actions: "setMood" },
      },
    },
    playing: {
      entry: "playMedia",
      on: {
        PAUSE: { target: "paused", actions: "pauseMedia" },
        TOGGLE: { target: "paused", actions: "pauseMedia" },
        MEDIA_PAUSED: "paused",
        MEDIA_ENDED: [
          { guard: "moodHasTracks", target: "playing", reenter: true, actions: ["pickRandom", "loadMedia"] },
          { target: "idle", actions: "forgetTrack" },
        ],
        SELECT_MOOD: [
          { guard: "newMoodHasTracks", target: "playing", reenter: true, actions: ["setMood", "pickRandom", "loadMedia"] },
          { target: "idle", actions: ["pauseMedia", "emitNoTracks", "setMood", "forgetTrack"] },
        ],
        PLAY_FAILED: { target: "paused", actions: "emitPlayFailed" },
        MEDIA_ERROR: { target: "idle", actions: ["pauseMedia", "failPlayback", "emitPlaybackError"] },
      },
    },
    /** A track is selected and paused: Play resumes it. */
    paused: {
      on: {
        PLAY: { target: "playing", actions: "markResume" },
        TOGGLE: { target: "playing", actions: "markResume" },
        MEDIA_PLAYING: "playing",
        // Some browsers report the end as a pause first: the end still moves on.
        MEDIA_ENDED: [
          { guard: "moodHasTracks", target: "playing", actions: ["pickRandom", "loadMedia"] },
          { target: "idle", actions: "forgetTrack" },
        ],
        SELECT_MOOD: [
          { guard: "newMoodHasTracks", target: "playing", actions: ["setMood", "pickRandom", "loadMedia"] },
          { target: "idle", actions: ["emitNoTracks", "setMood", "forgetTrack"] },
        ],
        MEDIA_ERROR: { target: "idle", actions: ["failPlayback", "emitPlaybackError"] },
      },
    },
  },
});
