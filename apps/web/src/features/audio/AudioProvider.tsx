import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { TOGGLE_MUTE_EVENT } from "@/lib/events";
import { getAudioEngine, holdAudioEngine } from "@/runtime/audio/audioEngine";
import { AudioEngineContext } from "@/runtime/audio/audioEngineContext";
import { TimerAudioBridge } from "./TimerAudioBridge";

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
