import { z } from "zod";
import { END_WARNINGS, TIMER_DISPLAYS } from "../constants";
import { audioMoodIdSchema } from "../audio/schemas";
import type { AudioPlayerContext, AudioPlayerEvent } from "../audioPlayer/types";
import { sharedTimerStateSchema } from "../schemas/timerState";

/** How often the main window sends the mini timer its state, and pings it, ms. */
export const MINI_TIMER_UPDATE_MS = 1000;
export const MINI_TIMER_PING_MS = 5000;
/** The popup's size, px (240×340). */
export const MINI_TIMER_WINDOW = { width: 240, height: 340 } as const;
/** Its path. */
export const MINI_TIMER_PATH = "/mini-timer";

/** The mood player's states as the mini timer sees them. */
const MINI_TIMER_AUDIO_STATUSES = ["idle", "loading", "loaded", "playing", "paused"] as const;

/**
 * What the mini timer shows of the main window's mood player: the mood, the track's name,
 * whether it plays, the volume (0..1), and whether the user is a guest or on the Free plan (which
 * moods are locked: core's `isMoodLocked`, `docs/product.md`, Audio).
 */
const miniTimerAudioStateSchema = z.object({
  mood: audioMoodIdSchema.nullable(),
  trackName: z.string().nullable(),
  status: z.enum(MINI_TIMER_AUDIO_STATUSES),
  isPlaying: z.boolean(),
  volume: z.number().min(0).max(1),
  isGuest: z.boolean(),
  /** The Free plan: Creative and Relax are locked. Absent from an older main window: false. */
  freePlan: z.boolean().optional(),
});
export type MiniTimerAudioState = z.infer<typeof miniTimerAudioStateSchema>;

/** Messages the main window sends the mini timer (the mini-timer actions). */
export const toMiniTimerMessageSchema = z.discriminatedUnion("action", [
  /**
   * The timer, and how the user sees it (`docs/product.md`, The timer): `display` (ring or disc)
   * and `endWarning` (the warning before the end). Both absent from an older main window: a
   * ring, and no warning.
   */
  z.object({ action: z.literal("updateTimer"), timerState: sharedTimerStateSchema, display: z.enum(TIMER_DISPLAYS).optional(), endWarning: z.enum(END_WARNINGS).optional() }),
  z.object({ action: z.literal("ping") }),
  z.object({ action: z.literal("pong") }),
  z.object({ action: z.literal("updateMood"), mood: audioMoodIdSchema.nullable() }),
  miniTimerAudioStateSchema.extend({ action: z.literal("updateAudio") }),
  /** An alias of updateAudio: the same message. */
  miniTimerAudioStateSchema.extend({ action: z.literal("updateMusic") }),
]);
export type ToMiniTimerMessage = z.infer<typeof toMiniTimerMessageSchema>;

/** Messages the mini timer sends the main window (the mini-timer actions). */
export const fromMiniTimerMessageSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("miniTimerReady") }),
  z.object({ action: z.literal("requestTimerSync") }),
  z.object({ action: z.literal("startTimer") }),
  z.object({ action: z.literal("pauseTimer") }),
  z.object({ action: z.literal("resetTimer") }),
  z.object({ action: z.literal("ping") }),
  z.object({ action: z.literal("pong") }),
  z.object({ action: z.literal("miniTimerClosed") }),
  /** Play the selected mood, or `mood` (switching to it first). */
  z.object({ action: z.literal("playAudio"), mood: audioMoodIdSchema.optional() }),
  z.object({ action: z.literal("playMusic"), mood: audioMoodIdSchema.optional() }),
  z.object({ action: z.literal("pauseAudio") }),
  z.object({ action: z.literal("pauseMusic") }),
  /** Pick a mood and play it. */
  z.object({ action: z.literal("loadMoodAudio"), mood: audioMoodIdSchema }),
  z.object({ action: z.literal("selectMood"), mood: audioMoodIdSchema }),
  /** Change Flow: a different track of the same mood. */
  z.object({ action: z.literal("mini-timer-change-track") }),
]);
export type FromMiniTimerMessage = z.infer<typeof fromMiniTimerMessageSchema>;

/**
 * The mood player's state as the mini timer shows it, from the audio chart's snapshot
 * (its state value and context). Sent as `updateAudio`.
 */
export function selectMiniTimerAudio(snapshot: { value: unknown; context: AudioPlayerContext }): MiniTimerAudioState {
  const { context } = snapshot;
  const status = MINI_TIMER_AUDIO_STATUSES.find((s) => s === snapshot.value) ?? "idle";
  return {
    mood: context.mood,
    trackName: context.track ? (context.track.title ?? context.track.name) : null,
    status,
    isPlaying: status === "playing",
    volume: context.volume,
    isGuest: context.isGuest,
    freePlan: context.freePlan,
  };
}

/** Whether two audio states would look the same in the mini timer (no update needed). */
export function sameMiniTimerAudio(a: MiniTimerAudioState | null, b: MiniTimerAudioState): boolean {
  return (
    a !== null &&
    a.mood === b.mood &&
    a.trackName === b.trackName &&
    a.status === b.status &&
    a.volume === b.volume &&
    a.isGuest === b.isGuest &&
    a.freePlan === b.freePlan
  );
}

/**
 * The audio chart event a mini timer audio action asks for, or null for the timer's and the link's
 * own actions. The *Music names are aliases of the *Audio ones and selectMood of loadMoodAudio. A
 * picked mood plays (PLAY with that mood: the active mood again keeps playing, it is not cleared as
 * the main window's toggle does); the chart's guard refuses a guest any mood but Deep Work.
 */
export function miniTimerAudioEvent(message: FromMiniTimerMessage): AudioPlayerEvent | null {
  switch (message.action) {
    case "playAudio":
    case "playMusic":
      return message.mood ? { type: "PLAY", mood: message.mood } : { type: "PLAY" };
    case "pauseAudio":
    case "pauseMusic":
      return { type: "PAUSE" };
    case "loadMoodAudio":
    case "selectMood":
      return { type: "PLAY", mood: message.mood };
    case "mini-timer-change-track":
      return { type: "CHANGE_FLOW" };
    default:
      return null;
  }
}
