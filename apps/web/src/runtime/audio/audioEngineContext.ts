import type { AudioPlayerContext, AudioPlayerEvent } from "@focus/core/audioPlayer";
import { useSelector } from "@xstate/react";
import { createContext, useCallback, useContext } from "react";
import type { AudioEngine } from "./audioEngine";

/** The app's mood player, provided by `AudioProvider`. */
export const AudioEngineContext = createContext<AudioEngine | null>(null);

/** The mood player. Throws outside `AudioProvider`. */
export function useAudioEngine(): AudioEngine {
  const engine = useContext(AudioEngineContext);
  if (!engine) throw new Error("useAudioEngine must be used within an AudioProvider");
  return engine;
}

/** The player's state for a component: status, mood, track, volume, error, guest flag. */
export function useAudioPlayer() {
  const engine = useAudioEngine();
  const status = useSelector(engine.actor, (s) => s.value);
  const context = useSelector(engine.actor, (s) => s.context, sameView);
  const send = useCallback((event: AudioPlayerEvent) => engine.actor.send(event), [engine]);
  return {
    status,
    isPlaying: status === "playing",
    isLoading: status === "loading",
    mood: context.mood,
    track: context.track,
    volume: context.volume,
    error: context.error,
    isGuest: context.isGuest,
    freePlan: context.freePlan,
    send,
  };
}

/** Re-render only when what components show changed (not on every seed or gain step). */
function sameView(a: AudioPlayerContext, b: AudioPlayerContext): boolean {
  return a.mood === b.mood && a.track === b.track && a.volume === b.volume && a.error === b.error && a.isGuest === b.isGuest && a.freePlan === b.freePlan;
}
