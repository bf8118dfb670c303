import { settingsSchema, type User } from "@focus/core/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { applySettings } from "@/runtime/settings";
import { onTaskChangeElsewhere, announceTaskChange } from "@/runtime/tasks/taskChannel";
import { applyTaskOutcome } from "@/runtime/tasks/useTasks";
import { queryKeys, refreshSessionQueries } from "@/lib/queryKeys";
import { outboxSync, rememberUserForOffline } from "@/runtime/outbox/sync";

/**
 * Runs the outbox for the logged-in user (renders nothing): sends what waits on app start, on
 * `online` and when the page becomes visible again, and keeps the user for an offline start.
 * It acts on the server's answers to sessions an earlier version of the app left waiting (a
 * recorded one refreshes the session queries, a refused one is shown); a session that ends now
 * is recorded by the server from the account's timer, which tells every device
 * (`sessions_changed`, `runtime/LiveRefresh.tsx`). Settings saves the page no longer waits for (made before a reload or while the
 * server was away) are applied or shown here too, and so are the task list's changes (the
 * server's answer takes the waiting change's place; a refusal is shown and the list reloaded),
 * which it also keeps in step with this browser's other tabs. Guests write nothing to the server.
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

  useEffect(
    () =>
      outboxSync.onOutcome((outcome, awaited) => {
        if (applyTaskOutcome(client, outcome)) announceTaskChange();
        if (outcome.item.kind === "task") {
          if (outcome.status !== "refused") return;
          // A task deleted meanwhile (another device) is gone either way.
          if (outcome.item.change.type === "delete" && outcome.error.status === 404) return;
          toast({ title: "Task not saved", description: outcome.error.message, variant: "destructive" });
          return;
        }
        if (outcome.item.kind === "reflection") {
          if (outcome.status === "sent") void refreshSessionQueries(client);
          else if (outcome.status === "refused") toast({ title: "Reflection not saved", description: outcome.error.message, variant: "destructive" });
          return;
        }
        // The account timer's commands: AccountTimerSync follows the server's answers.
        if (outcome.item.kind === "timer") return;
        if (outcome.item.kind === "session") {
          if (outcome.status === "sent") void refreshSessionQueries(client);
          else if (outcome.status === "refused") {
            console.error("Failed to record session", outcome.error);
            toast({ title: "Session not recorded", description: outcome.error.message, variant: "destructive" });
          }
          return;
        }
        // A save someone awaits is handled by its caller (the settings form).
        if (awaited) return;
        if (outcome.status === "sent") {
          const saved = settingsSchema.safeParse(outcome.response);
          if (saved.success) applySettings(client, saved.data);
        } else if (outcome.status === "refused") {
          toast({ title: "Failed to save settings", description: outcome.error.serverMessage ?? "Please try again later.", variant: "destructive" });
          void client.invalidateQueries({ queryKey: queryKeys.settings });
        }
      }),
    [client],
  );

  // Another tab changed the task list: its waiting change is in the shared outbox, its sent one on the server.
  useEffect(
    () =>
      onTaskChangeElsewhere(() => {
        void outboxSync.refresh();
        void client.invalidateQueries({ queryKey: queryKeys.tasks });
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
