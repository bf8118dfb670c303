import { STORAGE_KEYS, settingsSchema, type User } from "@focus/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { setApiInterceptor } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";
import { interceptSettingsSave, outboxSync, rememberUserForOffline } from "./sync";

/**
 * Runs the outbox for the logged-in user (renders nothing): sends what waits on app start, on
 * `online` and when the page becomes visible again; saves settings through the outbox; keeps
 * the user for an offline start; and
 * handles answers to writes nobody in this page waits for any more (made before a reload or
 * while the server was away): a recorded session refreshes the statistics, a refusal is shown.
 * Guests write nothing to the server (DESIGN.md §8).
 */
export function OfflineSync({ user }: { user: User }) {
  const client = useQueryClient();
  const userId = user.isGuest ? null : user.id;

  useEffect(() => {
    void outboxSync.setUser(userId);
    // Logged out or gone: nothing is sent until a user is known again.
    return () => void outboxSync.setUser(null);
  }, [userId]);

  useEffect(() => {
    if (!user.isGuest) void rememberUserForOffline(user);
  }, [user]);

  useEffect(() => setApiInterceptor(interceptSettingsSave), []);

  useEffect(
    () =>
      outboxSync.onOutcome((outcome, awaited) => {
        if (outcome.item.kind === "session") {
          if (outcome.status === "sent") {
            void client.invalidateQueries({ queryKey: queryKeys.sessions });
            void client.invalidateQueries({ queryKey: queryKeys.sessionsRangeAll });
          } else if (outcome.status === "refused" && !awaited) {
            console.error("Failed to record session", outcome.error);
            toast({ title: "Session not recorded", description: outcome.error.serverMessage ?? outcome.error.message, variant: "destructive" });
          }
          return;
        }
        if (outcome.status === "sent" && !awaited) {
          const saved = settingsSchema.safeParse(outcome.response);
          if (!saved.success) return;
          client.setQueryData(queryKeys.settings, saved.data);
          try {
            window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(saved.data));
          } catch {
            // The query cache is what the timer reads; the stored copy is only a fallback.
          }
        } else if (outcome.status === "refused" && !awaited) {
          toast({ title: "Failed to save settings", description: outcome.error.serverMessage ?? "Please try again later.", variant: "destructive" });
          void client.invalidateQueries({ queryKey: queryKeys.settings });
        }
      }),
    [client],
  );

  useEffect(() => {
    const onOnline = () => outboxSync.retryNow();
    const onVisible = () => {
      if (document.visibilityState === "visible" && outboxSync.getState().items.length > 0) void outboxSync.flush();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  return null;
}
