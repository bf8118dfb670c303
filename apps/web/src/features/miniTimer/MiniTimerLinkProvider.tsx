import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { MINI_TIMER_PATH, MINI_TIMER_PING_MS, MINI_TIMER_UPDATE_MS, MINI_TIMER_WINDOW, fromMiniTimerMessageSchema, type FromMiniTimerMessage, miniTimerAudioEvent, sameMiniTimerAudio, selectMiniTimerAudio, type MiniTimerAudioState, type ToMiniTimerMessage } from "@focus/core/protocol";
import { timerStateOf } from "@focus/core/timer";
import { toast } from "@/components/ui/use-toast";
import { useAudioEngine } from "@/runtime/audio/audioEngineContext";
import { TimerActor } from "@/runtime/timerActor";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { useLatest } from "@/lib/useLatest";
import { type TimerCommander, useTimerCommand } from "@/runtime/timerCommands";
import { MiniTimerLinkContext, type MiniTimerLink } from "@/runtime/miniTimerLink";

/** What the popup's timer and link messages do: sync it, run a timer command, answer a ping, drop the link. */
interface PopupAnswers {
  /** Sends the popup the timer and the player as they are now. */
  sync: () => void;
  command: TimerCommander;
  send: (message: ToMiniTimerMessage) => void;
  drop: () => void;
}

/** Acts on one of the popup's messages other than its audio actions. */
function answerPopup(message: FromMiniTimerMessage, { sync, command, send, drop }: PopupAnswers): void {
  switch (message.action) {
    case "miniTimerReady":
    case "requestTimerSync":
      return sync();
    case "startTimer":
      return command({ type: "start" });
    case "pauseTimer":
      return command({ type: "pause" });
    case "resetTimer":
      return command({ type: "reset" });
    case "ping":
      return send({ action: "pong" });
    case "miniTimerClosed":
      return drop();
    default:
      // pong needs no answer.
      return;
  }
}

/**
 * Opens the mini timer's popup (MINI_TIMER_WINDOW, 24 px from the screen's right edge, 80 px
 * from its top); null, with a toast, when the browser blocked it.
 */
function openMiniTimerWindow(): Window | null {
  const { width, height } = MINI_TIMER_WINDOW;
  const left = Math.max(0, window.screen.availWidth - width - 24);
  const features = `popup=yes,width=${width},height=${height},left=${left},top=80`;
  const opened = window.open(MINI_TIMER_PATH, "focus-mini-timer", features);
  if (!opened) {
    toast({
      title: "Popup blocked",
      description: "Please allow popups for this site to use the mini timer. Make sure to allow popups and try again.",
      variant: "destructive",
    });
  }
  return opened;
}

/**
 * The main window's side of the mini timer: opens the 240×340 popup near the right edge of
 * the screen, sends it `updateTimer` (with how the user sees the time: ring or disc, and the
 * warning before the end) every second and on every change,
 * pings it every 5 s, and runs its commands on the one timer chart. It also mirrors the mood
 * player both ways: `updateMood`/`updateAudio` whenever the player changes (and on
 * `miniTimerReady`/`requestTimerSync`), and the popup's audio actions become events of the
 * same audio chart (`miniTimerAudioEvent`), so nothing plays or counts in the popup itself.
 * The link is dropped when the popup closes, says `miniTimerClosed`, or a send fails.
 * Held by `MiniTimerLinkProvider` for every page of the signed-in app, so the popup stays
 * linked while the user moves around; inside `TimerHost` and `AudioProvider`.
 */
function useMiniTimerLinkState(): MiniTimerLink {
  const actor = TimerActor.useActorRef();
  const command = useTimerCommand();
  const audio = useAudioEngine().actor;
  const popup = useRef<Window | null>(null);
  const [isLinked, setLinked] = useState(false);

  const drop = useCallback(() => {
    popup.current = null;
    setLinked(false);
  }, []);

  const send = useCallback(
    (message: ToMiniTimerMessage) => {
      const target = popup.current;
      if (!target) return;
      try {
        if (target.closed) throw new Error("closed");
        target.postMessage(message, window.location.origin);
      } catch {
        drop();
      }
    },
    [drop],
  );

  const settings = useLatest(useCurrentSettings());
  const sendState = useCallback(() => {
    const { timerDisplay, endWarning } = settings();
    send({ action: "updateTimer", timerState: timerStateOf(actor.getSnapshot()), display: timerDisplay, endWarning });
  }, [actor, send, settings]);

  useEffect(() => {
    if (!isLinked) return;
    // What the popup was last told of the player: only a visible change is sent again.
    let lastAudio: MiniTimerAudioState | null = null;
    const sendAudio = (force: boolean) => {
      const next = selectMiniTimerAudio(audio.getSnapshot());
      if (!force && sameMiniTimerAudio(lastAudio, next)) return;
      if (force || lastAudio?.mood !== next.mood) send({ action: "updateMood", mood: next.mood });
      send({ action: "updateAudio", ...next });
      lastAudio = next;
    };
    const sync = () => {
      sendState();
      sendAudio(true);
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup.current) return;
      const parsed = fromMiniTimerMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      const audioEvent = miniTimerAudioEvent(message);
      if (audioEvent) return audio.send(audioEvent);
      answerPopup(message, { sync, command, send, drop });
    };
    window.addEventListener("message", onMessage);
    const subscription = actor.subscribe(sendState);
    const audioSubscription = audio.subscribe(() => sendAudio(false));
    const updates = window.setInterval(sendState, MINI_TIMER_UPDATE_MS);
    const pings = window.setInterval(() => send({ action: "ping" }), MINI_TIMER_PING_MS);
    return () => {
      window.removeEventListener("message", onMessage);
      subscription.unsubscribe();
      audioSubscription.unsubscribe();
      window.clearInterval(updates);
      window.clearInterval(pings);
    };
  }, [actor, audio, command, drop, isLinked, send, sendState]);

  const open = useCallback(() => {
    const opened = openMiniTimerWindow();
    if (!opened) return;
    popup.current = opened;
    setLinked(true);
    opened.focus();
  }, []);

  return useMemo(() => ({ open, isLinked }), [open, isLinked]);
}

/** Keeps the mini timer link for its children (the signed-in layout mounts it once). */
export function MiniTimerLinkProvider({ children }: { children: ReactNode }) {
  return <MiniTimerLinkContext.Provider value={useMiniTimerLinkState()}>{children}</MiniTimerLinkContext.Provider>;
}
