import { type AudioMoodId } from "@focus/core/audio";
import { fadeGain, followTimerCommand, type TimerPhase } from "@focus/core/audioPlayer";
import { type AudioInBreaks } from "@focus/core/schemas";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { TimerActor } from "@/runtime/timerActor";
import type { AudioEngine } from "@/runtime/audio/audioEngine";

/** How often the fade-out steps during the last seconds of a session, ms. */
const FADE_STEP_MS = 100;

/**
 * "Audio follows the timer" (`docs/product.md`, Settings): watches the timer actor (read only) and,
 * when the user's setting is on, plays the chosen mood with focus sessions, Relax or a pause in
 * breaks, and fades the last 5 seconds of a running session. The decisions are core's
 * `followTimerCommand` and `fadeGain`; this only wires them to the two actors.
 */
export function TimerAudioBridge({ engine }: { engine: AudioEngine }) {
  const timer = TimerActor.useActorRef();
  const settings = useCurrentSettings();
  const enabled = settings.audioFollowsTimer ?? false;
  const inBreaks = settings.audioInBreaks ?? "relax";
  // Read by the subscription below at each timer change; kept current before any effect runs.
  const options = useRef<{ enabled: boolean; inBreaks: AudioInBreaks }>({ enabled, inBreaks });
  useLayoutEffect(() => {
    options.current = { enabled, inBreaks };
  }, [enabled, inBreaks]);

  useEffect(() => {
    const audio = engine.actor;
    // The mood the user chose: any mood picked other than the one this bridge asked for.
    let chosen: AudioMoodId | null = audio.getSnapshot().context.mood;
    let requested: AudioMoodId | null = null;
    const audioSubscription = audio.subscribe((snapshot) => {
      const { mood } = snapshot.context;
      if (mood !== null && mood !== requested) chosen = mood;
    });

    let gain = 1;
    const setGain = (next: number) => {
      if (Math.abs(next - gain) < 0.005 && !(next === 1 && gain !== 1)) return;
      gain = next;
      audio.send({ type: "SET_GAIN", gain });
    };
    const updateGain = () => {
      const snapshot = timer.getSnapshot();
      const { endsAt } = snapshot.context;
      const running = snapshot.matches("running") && endsAt !== null;
      setGain(fadeGain(running ? endsAt - Date.now() : Infinity, running, options.current.enabled));
    };

    let fadeLoop: ReturnType<typeof setInterval> | undefined;
    let prev: TimerPhase | null = null;
    const follow = () => {
      const snapshot = timer.getSnapshot();
      const next: TimerPhase = { mode: snapshot.context.mode, running: snapshot.matches("running") };
      const command = followTimerCommand(prev, next, { ...options.current, focusMood: chosen });
      prev = next;
      if (command?.type === "play") {
        requested = command.mood;
        audio.send({ type: "PLAY", mood: command.mood });
      } else if (command?.type === "pause") {
        audio.send({ type: "PAUSE" });
      }
      // After the command, so a faded-out session never blips back at full volume.
      updateGain();
      const wantLoop = next.running && options.current.enabled;
      if (wantLoop && !fadeLoop) fadeLoop = setInterval(updateGain, FADE_STEP_MS);
      if (!wantLoop && fadeLoop) {
        clearInterval(fadeLoop);
        fadeLoop = undefined;
      }
    };
    follow();
    const timerSubscription = timer.subscribe(follow);
    return () => {
      timerSubscription.unsubscribe();
      audioSubscription.unsubscribe();
      clearInterval(fadeLoop);
      if (gain !== 1) audio.send({ type: "SET_GAIN", gain: 1 });
    };
  }, [timer, engine]);

  return null;
}
