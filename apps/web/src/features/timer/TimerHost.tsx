import { localDayBounds } from "@focus/core/format";
import { DEFAULT_SETTINGS, type Settings, type User } from "@focus/core/schemas";
import { restoreOfAccountTimer, strictRefuses, type TimerCommandRefusal, type TimerInput, type TimerRestore } from "@focus/core/timer";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useLatest } from "@/lib/useLatest";
import { cachedSettings, useSettings } from "@/runtime/settings";
import { loadActiveTask, useActiveTaskId } from "@/runtime/tasks/activeTask";
import { useActiveTaskRef, useTaskList } from "@/runtime/tasks/useTasks";
import { cachedAccountTimer } from "@/runtime/accountTimerSync";
import { CurrentSettingsContext } from "@/runtime/currentSettings";
import { LiveConnection } from "@/runtime/LiveConnection";
import { LiveRefresh } from "@/runtime/LiveRefresh";
import { RoomMembershipProvider } from "@/runtime/rooms/RoomMembership";
import { serverNow } from "@/runtime/serverClock";
import { StrictSessionContext } from "@/runtime/strictSession";
import { TimerActor } from "@/runtime/timerActor";
import { useTimerCommand } from "@/runtime/timerCommands";
import { TimerCommands } from "@/runtime/TimerCommands";
import { timerAccessFor } from "./access";
import { BACKDATED_NOTE, ESCAPE_WAIT_NOTE, IN_ROUND_NOTE, ROOM_ROUND_REFUSED_NOTE, START_REFUSED_MESSAGES, STRICT_REFUSED_NOTE, timerWithEffects, watchTimer } from "./timerEffects";
import { loadCounters, loadTimerState } from "./storage";
import { ExtendOffer } from "./ExtendOffer";
import { UndoOffer } from "./UndoOffer";
import { useTodaySessions } from "@/runtime/useTodaySessions";


/** Loaded only for a user who chose "Call me back after a break" (off by default). */
const BreakCallBack = lazy(async () => ({ default: (await import("./BreakCallBack")).BreakCallBack }));
/** Another device changed the account's timer first: this device now shows that. */
function sayTimerChangedElsewhere(): void {
  toast({
    title: "Your timer changed on another device",
    description: "Sessions you finished here are kept. This device now shows the timer as it is.",
  });
}

/** The signed-in user's timer as this device last heard it from the server, for the first frame; null when none. */
function restoreFromAccount(userId: number, now: number): TimerRestore | null {
  const kept = cachedAccountTimer(userId);
  return kept ? restoreOfAccountTimer(kept, now) : null;
}

/** The server refused this device's timer changes outright (`message` is its reason): the timer shows the server's. */
function sayTimerNotSaved(message: string): void {
  toast({ title: "Timer change not saved", description: message, variant: "destructive" });
}

/**
 * The server refused a command this device allowed: a start (its plan or today's count is the
 * server's), a pause, reset or mode change during a strict session another device started, an
 * End early before the wait the server keeps is over, a room round of no room the user is in, a
 * pause, reset or mode change of a room's round, or a command dated before the timer's last change.
 */
function sayStartRefused(reason: TimerCommandRefusal): void {
  if (reason === "strict") toast(STRICT_REFUSED_NOTE);
  else if (reason === "escapeWait") toast(ESCAPE_WAIT_NOTE);
  else if (reason === "notInRoom") toast(ROOM_ROUND_REFUSED_NOTE);
  else if (reason === "inRound") toast(IN_ROUND_NOTE);
  else if (reason === "backdated") toast(BACKDATED_NOTE);
  else toast({ ...START_REFUSED_MESSAGES[reason], variant: "destructive" });
}

/**
 * Hosts the one timer actor of a signed-in (or guest) user for every page of the app, so
 * moving between /app, /music, /settings and the rest never stops or loses a session. The
 * actor starts once settings are known (server, else the last saved copy, else defaults), restores the
 * saved state (docs/product.md "Timer") and runs with the web effects (`timerEffects.ts`).
 * Settings saved later reach it as `SET_SETTINGS`, plan changes as `SET_ACCESS`, the task the user
 * works on as `SET_TASK` (a focus session is recorded with it). Signed-in users also get the live
 * connection (`/ws/timer`), through which this device follows the account's timer and sends it
 * every command (`TimerCommands`); time is the server's clock (`serverClock.ts`).
 */
export function TimerHost({ user, children }: { user: User; children: ReactNode }) {
  const settingsQuery = useSettings(!user.isGuest);
  const [saved] = useState(cachedSettings);
  // The first frame uses the settings this browser saved (a signed-in user's timer shows before
  // the server answers, `docs/offline.md`, The first frame); without a copy, a signed-in user
  // waits for the server's, and a guest or a failed load takes the defaults.
  const known = settingsQuery.data ?? saved ?? (user.isGuest || settingsQuery.isError ? DEFAULT_SETTINGS : null);
  // Once known, settings are never unknown again: the timer must not unmount (and stop) if the
  // query loses its data.
  const [lastKnown, setLastKnown] = useState(known);
  if (known && known !== lastKnown) setLastKnown(known);
  const settings = known ?? lastKnown;
  if (!settings) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading timer">
        <Spinner />
      </div>
    );
  }
  return (
    <TimerRuntime user={user} settings={settings}>
      {children}
    </TimerRuntime>
  );
}

/** The timer actor and what follows it, mounted once the settings are known. */
function TimerRuntime({ user, settings, children }: { user: User; settings: Settings; children: ReactNode }) {
  // The effects read the settings when they run (a session's end), not when the actor starts.
  const currentSettings = useLatest(settings);
  const userId = user.isGuest ? null : user.id;
  const logic = useMemo(() => timerWithEffects({ userId, settings: currentSettings, now: serverNow }), [currentSettings, userId]);

  // The input is taken once: later settings changes reach the chart as SET_SETTINGS events.
  const [input] = useState((): TimerInput => {
    const now = serverNow();
    const activeTask = loadActiveTask(user.id);
    return {
      settings,
      now,
      counters: loadCounters(now, user.id),
      // A guest's timer is kept in this browser; a signed-in user's first frame is the account's
      // timer as this device last heard it (the server's answer follows).
      restore: user.isGuest ? loadTimerState(user.id) : restoreFromAccount(user.id, now),
      access: timerAccessFor(user),
      task: activeTask === null ? null : { clientId: activeTask, id: null },
    };
  });
  const commanded = (
    <TimerCommands userId={userId} onStale={sayTimerChangedElsewhere} onRefused={sayStartRefused} onFailed={sayTimerNotSaved}>
      <TimerFollowsApp settings={settings} user={user} />
      <UndoOffer />
      <ExtendOffer />
      {settings.breakCallBack && (
        <Suspense fallback={null}>
          <BreakCallBack ownerId={user.id} />
        </Suspense>
      )}
      <StrictSessionProvider>{user.isGuest ? children : <RoomMembershipProvider userId={user.id}>{children}</RoomMembershipProvider>}</StrictSessionProvider>
    </TimerCommands>
  );
  return (
    <TimerActor.Provider logic={logic} options={{ input }}>
      <CurrentSettingsContext.Provider value={settings}>
        {user.isGuest ? (
          commanded
        ) : (
          <LiveConnection>
            <LiveRefresh />
            {commanded}
          </LiveConnection>
        )}
      </CurrentSettingsContext.Provider>
    </TimerActor.Provider>
  );
}

/** Tells every screen whether a strict focus session runs (`StrictSessionContext`). */
function StrictSessionProvider({ children }: { children: ReactNode }) {
  const strict = TimerActor.useSelector((s) => s.matches("running") && strictRefuses(s.context));
  return <StrictSessionContext.Provider value={strict}>{children}</StrictSessionContext.Provider>;
}

/**
 * Keeps the chart in step with the app: the user's plan, the settings, the task worked on, the
 * calendar day, and the effects that follow every change (`watchTimer`).
 */
function TimerFollowsApp({ settings, user }: { settings: Settings; user: User }) {
  const actor = TimerActor.useActorRef();
  const command = useTimerCommand();
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const today = useTodaySessions(dayKey, !user.isGuest);
  const focusSessionsToday = today.data?.completedSessionsToday ?? 0;
  const task = useActiveTaskRef(user, useTaskList(user));

  const currentSettings = useLatest(settings);
  useEffect(() => watchTimer(actor, user.id, currentSettings), [actor, user.id, currentSettings]);

  // Plan changes (admin activation, cancellation, a new login) and today's sessions on every
  // device reach the chart's start guard (the Free plan's daily limit).
  useEffect(() => {
    actor.send({ type: "SET_ACCESS", access: timerAccessFor(user, focusSessionsToday) });
  }, [actor, user, focusSessionsToday]);

  // The task picked (or its server id, once the server has it) reaches the chart. A signed-in
  // user's pick on this device goes to the account's timer, which every device follows (and a
  // session under way moves to it); a pick taken over from the account's timer is not sent back.
  const activeId = useActiveTaskId(user.id);
  const lastActiveId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const picked = lastActiveId.current !== undefined && lastActiveId.current !== activeId;
    lastActiveId.current = activeId;
    const onAccount = user.isGuest ? activeId : (cachedAccountTimer(user.id)?.picked?.clientId ?? null);
    if (picked && onAccount !== activeId) command({ type: "task", task });
    else actor.send({ type: "SET_TASK", task });
  }, [actor, command, task, activeId, user]);

  // Settings saved anywhere reach the chart (a started session keeps its length).
  useEffect(() => {
    actor.send({ type: "SET_SETTINGS", settings, now: serverNow() });
  }, [actor, settings]);

  // The chart sees time only in events, so a new day (Today's counters back to zero) needs
  // one while the timer is idle: when the page is shown again, and at each local midnight.
  useEffect(() => {
    const wake = () => actor.send({ type: "TICK", now: serverNow() });
    const onVisibility = () => {
      if (document.visibilityState === "visible") wake();
    };
    let midnight: ReturnType<typeof setTimeout> | undefined;
    const armMidnight = () => {
      const now = serverNow();
      midnight = setTimeout(() => {
        wake();
        armMidnight();
      }, localDayBounds(now).end - now);
    };
    armMidnight();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(midnight);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [actor]);

  return null;
}
