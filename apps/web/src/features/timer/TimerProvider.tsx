import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DEFAULT_SETTINGS,
  STORAGE_KEYS,
  TIMER_MODE_LABELS,
  countersOf,
  localDayBounds,
  selectDisplay,
  selectIsRunning,
  settingsSchema,
  toPersistedTimerState,
  type Settings,
  type StartBlockReason,
  type TimerInput,
  type User,
  selectSharedTimerState,
  selectToday,
  type ExtensionWindowMessage,
  type StatsWindowMessage,
  type timerMachine,
} from "@focus/core";
import type { SnapshotFrom } from "xstate";
import { api } from "@/lib/api";
import { recordSession } from "@/features/offline/sync";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { TimerActor } from "./timerActor";
import { LiveStatusContext, LiveSync, type LiveStatus } from "./useLiveSync";
import { saveGuestSessionUsedOn, timerAccessFor } from "./access";
import { loadCounters, loadTimerState, saveCounters, saveTimerState } from "./storage";
import { NotificationSettingsContext, notifyEnd } from "./notifications";
import { queryKeys } from "@/lib/queryKeys";

/** Last settings seen, so the timer can start before (or without) the server. */
function cachedSettings(): Settings | null {
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Settings from `GET /api/settings`, cached under the spec's `settings` key. Guests have no
 * server settings (DESIGN.md §8): the query stays off and they get the cached or defaults.
 */
export function useSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    enabled,
    queryFn: async () => {
      const settings = settingsSchema.parse(await api.get("/api/settings"));
      window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
      return settings;
    },
  });
}

/**
 * Hosts the timer actor for the whole main view, so switching tabs never stops the clock.
 * The actor starts once settings are known (server, else last cached, else defaults) and
 * restores a saved state younger than 10 minutes (spec §4).
 */
export function TimerProvider({ user, children }: { user: User; children: ReactNode }) {
  const settingsQuery = useSettings(!user.isGuest);
  const fallback = useMemo(cachedSettings, []);
  const settings =
    settingsQuery.data ?? (user.isGuest || settingsQuery.isError ? (fallback ?? DEFAULT_SETTINGS) : null);

  const [liveStatus, setLiveStatus] = useState<LiveStatus>("connecting");
  // The input is taken once: later settings changes reach the chart as SET_SETTINGS events.
  const input = useRef<(TimerInput & { settings: Settings }) | null>(null);
  if (settings && !input.current) {
    const now = Date.now();
    input.current = {
      settings,
      now,
      counters: loadCounters(now),
      restore: loadTimerState(),
      access: timerAccessFor(user),
    };
  }
  if (!input.current) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading timer">
        <Spinner />
      </div>
    );
  }
  const current = settings ?? input.current.settings;
  return (
    <TimerActor.Provider options={{ input: input.current }}>
      <TimerEffects settings={current} user={user} />
      {!user.isGuest && <LiveSync onStatus={setLiveStatus} />}
      <NotificationSettingsContext.Provider value={current}>
        <LiveStatusContext.Provider value={user.isGuest ? null : liveStatus}>{children}</LiveStatusContext.Provider>
      </NotificationSettingsContext.Provider>
    </TimerActor.Provider>
  );
}

/**
 * The web app's side effects of the chart: persistence under the spec's keys, posting
 * completed sessions, the document title, the end-of-session sound and notification.
 */
function TimerEffects({ settings, user }: { settings: Settings; user: User }) {
  const actor = TimerActor.useActorRef();
  const queryClient = useQueryClient();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const isGuest = user.isGuest;
  const userId = user.id;

  // Plan changes (admin activation, cancellation, a new login) reach the chart's guard.
  useEffect(() => {
    actor.send({ type: "SET_ACCESS", access: timerAccessFor(user) });
  }, [actor, user]);

  // The chart sees time only in events, so a new day (Today's counters back to zero) needs
  // one while the timer is idle: when the page is shown again, and at each local midnight.
  useEffect(() => {
    const wake = () => actor.send({ type: "TICK", now: Date.now() });
    const onVisibility = () => {
      if (document.visibilityState === "visible") wake();
    };
    let midnight: ReturnType<typeof setTimeout> | undefined;
    const armMidnight = () => {
      const now = Date.now();
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

  // Settings saved elsewhere reach the chart (it resets only when durations changed).
  useEffect(() => {
    actor.send({ type: "SET_SETTINGS", settings, now: Date.now() });
  }, [actor, settings]);

  useEffect(() => {
    const save = () => {
      const snapshot = actor.getSnapshot();
      saveTimerState(toPersistedTimerState(snapshot.context, selectIsRunning(snapshot)));
      saveCounters(countersOf(snapshot.context));
      // The chart records the guest's daily session; the browser keeps it (spec §3 guest-session-used).
      const usedOn = snapshot.context.access.guestSessionUsedOn;
      if (snapshot.context.access.isGuest && usedOn) saveGuestSessionUsedOn(usedOn);
    };
    const subscription = actor.subscribe((snapshot) => {
      save();
      postProgress(snapshot);
      const running = selectIsRunning(snapshot);
      document.title = running
        ? `${selectDisplay(snapshot)} · ${TIMER_MODE_LABELS[snapshot.context.mode]} · Focus Flow`
        : "Focus Flow";
    });
    window.addEventListener("pagehide", save);
    postToSelf({ type: "focus_app_ready" });
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", save);
      document.title = "Focus Flow";
    };
  }, [actor]);

  useEffect(() => {
    const subscription = actor.on("sessionCompleted", (event) => {
      const current = settingsRef.current;
      notifyEnd(event.mode === "focus" ? "Focus session complete" : "Break is over", current);
      window.dispatchEvent(new CustomEvent("focusSessionCompleted", { detail: event.session }));
      postToSelf({ type: "session_completed", data: { mode: event.mode } });
      postToSelf({ type: "stats_update", data: selectToday(actor.getSnapshot()) });
      // Nothing of a guest is stored on the server (DESIGN.md §8).
      if (isGuest) return;
      // Kept in the outbox with an idempotency key: an unreachable server or a 5xx only delays
      // it (features/offline); "queued" outcomes are sent later, exactly once.
      void recordSession(userId, event.session).then((outcome) => {
        if (outcome.status === "sent") {
          void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
          void queryClient.invalidateQueries({ queryKey: queryKeys.sessionsRangeAll });
        } else if (outcome.status === "refused") {
          console.error("Failed to record session", outcome.error);
          // A refusal (e.g. an expired trial) is the user's business, not only the log's; the
          // server's reason when it gave one, else the error's own text (as OfflineSync does).
          toast({
            title: "Session not recorded",
            description: outcome.error.serverMessage ?? outcome.error.message,
            variant: "destructive",
          });
        }
      });
    });
    const blocked = actor.on("startBlocked", (event) => {
      toast({ ...START_BLOCKED_MESSAGES[event.reason], variant: "destructive" });
    });
    return () => {
      subscription.unsubscribe();
      blocked.unsubscribe();
    };
  }, [actor, queryClient, isGuest, userId]);

  return null;
}

/** Posts a window message to this window only (spec §4, §7 window messages). */
function postToSelf(message: StatsWindowMessage | ExtensionWindowMessage): void {
  window.postMessage(message, window.location.origin);
}

/** The timer's progress and state as window messages, for live stats and the extension. */
function postProgress(snapshot: SnapshotFrom<typeof timerMachine>): void {
  const shared = selectSharedTimerState(snapshot);
  postToSelf({
    type: "timer_progress_update",
    data: {
      mode: shared.mode,
      isRunning: shared.isActive,
      elapsedTime: Math.max(0, Math.round(snapshot.context.durationMs / 1000) - shared.currentTime),
      totalSessionTime: Math.round(snapshot.context.durationMs / 1000),
      totalFocusTimeToday: snapshot.context.totalFocusTimeToday,
    },
  });
  postToSelf({ type: "focus_timer_update", timerState: shared });
}

/** What a refused start tells the user (spec §5, word for word). */
const START_BLOCKED_MESSAGES: Record<StartBlockReason, { title: string; description: string }> = {
  guestLimit: {
    title: "Session Limit Reached",
    description: "Guest accounts are limited to one focus session per day. Sign up for unlimited sessions!",
  },
  trialExpired: {
    title: "Trial Period Expired",
    description: "Your trial has expired. Please upgrade to premium to continue using the service.",
  },
};
