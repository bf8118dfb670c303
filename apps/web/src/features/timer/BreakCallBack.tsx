import { breakCallBackMachine, callBackTickerWith } from "@focus/core/timer";
import { useActorRef, useSelector } from "@xstate/react";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { serverNow } from "@/runtime/serverClock";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";
import { useLatest } from "@/lib/useLatest";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import { playCallBackSound } from "./notifications";

/** Loaded when first shown: the signed-in pages' first load carries none of the notice's code. */
const CallBackNotice = lazy(async () => ({ default: (await import("./CallBackNotice")).CallBackNotice }));

/** The per-user storage name of the break's end the notice calls back for, and the sounds played. */
const KEPT = "break-call-back";

/** The kept `{ endedAt, played }`, or null when there is none (or it is not one). */
function keptEnd(raw: string | null): { endedAt: number; played: number } | null {
  try {
    const value = raw ? (JSON.parse(raw) as { endedAt?: unknown; played?: unknown }) : null;
    return value && typeof value.endedAt === "number" && typeof value.played === "number" ? { endedAt: value.endedAt, played: value.played } : null;
  } catch {
    return null;
  }
}

/**
 * A break that calls you back (`docs/product.md`): with the setting `breakCallBack` on, when a
 * break ends and focus waits, core's `breakCallBackMachine` plays a soft sound every 30 s, 5 times
 * at most (on the server's clock; only the latest after a sleep), and this notice stays up until
 * focus starts (here, on another device, or from its own button) or it is dismissed. Mounted in
 * the timer's host, so it works on every page of the signed-in layout; a reload brings the notice
 * back (the end it calls back for is kept in the user's browser storage, `ownerId`: the user's id,
 * 0 for a guest; the chart then plays only what is due, and nothing past 10 minutes).
 */
export function BreakCallBack({ ownerId }: { ownerId: number }) {
  const logic = useMemo(
    () => breakCallBackMachine.provide({ actors: { ticker: callBackTickerWith(serverNow) }, actions: { playCallBack: playCallBackSound } }),
    [],
  );
  const callBack = useActorRef(logic);
  const showing = useSelector(callBack, (s) => !s.matches("idle"));
  const timer = TimerActor.useActorRef();
  const settings = useLatest(useCurrentSettings());
  const command = useTimerCommand();

  // The end being called back for, kept across a reload until focus starts or the notice is dismissed.
  useEffect(() => {
    const subscription = callBack.subscribe((snapshot) =>
      writeUserValue(ownerId, KEPT, snapshot.matches("idle") ? null : JSON.stringify({ endedAt: snapshot.context.breakEndedAt, played: snapshot.context.played })),
    );
    return () => subscription.unsubscribe();
  }, [ownerId, callBack]);

  useEffect(() => {
    let previous = timer.getSnapshot();
    // After a reload: the end kept, called back for again once the timer shows it (the account's
    // timer arrives a moment after the page).
    let kept = keptEnd(readUserValue(ownerId, KEPT));
    const resume = (context: typeof previous.context) => {
      if (kept === null || context.lastCompletedAt !== kept.endedAt || context.mode !== "focus" || context.sessionStartTime !== null) return;
      if (settings().breakCallBack) callBack.send({ type: "BREAK_ENDED", endedAt: kept.endedAt, played: kept.played, now: serverNow() });
      kept = null;
    };
    resume(previous.context);
    const subscription = timer.subscribe((snapshot) => {
      const before = previous;
      previous = snapshot;
      const { context } = snapshot;
      if (context.mode === "focus" && context.sessionStartTime !== null) {
        kept = null;
        callBack.send({ type: "FOCUS_STARTED" });
        return;
      }
      resume(context);
      // A break has just ended and the next focus session waits (an automatic start needs no call).
      const breakEnded =
        before.context.mode !== "focus" && context.mode === "focus" && context.lastCompletedAt !== null && context.lastCompletedAt !== before.context.lastCompletedAt;
      if (breakEnded && snapshot.matches("idle") && settings().breakCallBack) {
        callBack.send({ type: "BREAK_ENDED", endedAt: context.lastCompletedAt!, now: serverNow() });
      }
    });
    return () => subscription.unsubscribe();
  }, [ownerId, timer, callBack, settings]);

  if (!showing) return null;
  return (
    <Suspense fallback={null}>
      <CallBackNotice
        onDismiss={() => callBack.send({ type: "DISMISS" })}
        onStart={() => {
          command({ type: "start" });
          callBack.send({ type: "FOCUS_STARTED" });
        }}
      />
    </Suspense>
  );
}
