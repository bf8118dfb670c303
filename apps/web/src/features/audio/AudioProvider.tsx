import type { AudioPlayerContext, AudioPlayerEvent } from "@focus/core";
import { useSelector } from "@xstate/react";
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { TOGGLE_MUTE_EVENT } from "@/features/shortcuts/shortcuts";
import { getAudioEngine, holdAudioEngine, type AudioEngine } from "./audioEngine";
import { TimerAudioBridge } from "./TimerAudioBridge";

const AudioEngineContext = createContext<AudioEngine | null>(null);

/**
 * The shared player is replaced only while no provider holds it, so a mounted provider has
 * nothing to listen for. Each time a provider subscribes (it mounts, or comes back) it asks
 * React to compare at once: a player released and replaced meanwhile is swapped for the new one.
 */
function compareOnSubscribe(onChange: () => void): () => void {
  onChange();
  return () => {};
}

/**
 * Gives its children the app's mood player (see audioEngine.ts) and tells it whether the user
 * is a guest, and whether they are on the Free plan (its three tracks only). Mounted by the
 * signed-in layout, so audio keeps playing across pages. With `followTimer` (inside `TimerHost`
 * only) the player also follows the timer when the user's setting says so. The M shortcut's
 * event mutes and unmutes it.
 */
export function AudioProvider({
  isGuest,
  freePlan = false,
  followTimer = false,
  children,
}: {
  isGuest: boolean;
  freePlan?: boolean;
  followTimer?: boolean;
  children: ReactNode;
}) {
  const engine = useSyncExternalStore(compareOnSubscribe, getAudioEngine);

  useEffect(() => holdAudioEngine(engine), [engine]);

  useEffect(() => {
    engine.actor.send({ type: "SET_GUEST", isGuest });
  }, [engine, isGuest]);

  useEffect(() => {
    engine.actor.send({ type: "SET_FREE_PLAN", freePlan });
  }, [engine, freePlan]);

  // The M shortcut (features/shortcuts) mutes or unmutes the player.
  useEffect(() => {
    const toggleMute = () => engine.actor.send({ type: "TOGGLE_MUTE" });
    document.addEventListener(TOGGLE_MUTE_EVENT, toggleMute);
    return () => document.removeEventListener(TOGGLE_MUTE_EVENT, toggleMute);
  }, [engine]);

  return (
    <AudioEngineContext.Provider value={engine}>
      {followTimer && !isGuest && <TimerAudioBridge engine={engine} />}
      {children}
    </AudioEngineContext.Provider>
  );
}

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
