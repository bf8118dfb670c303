import { localDayBounds, type SessionInput } from "@focus/core";
import { useMemo, useSyncExternalStore } from "react";
import { outboxSync } from "./sync";
import type { SyncState } from "./outboxSync";

/** The outbox state of the current user (waiting writes, reachability). */
export function useOutboxState(): SyncState {
  return useSyncExternalStore(outboxSync.subscribe, outboxSync.getState);
}

/** Completed sessions still waiting in the outbox whose start lies in the local day of `now`. */
export function usePendingSessionsToday(now = Date.now()): (SessionInput & { clientId: string })[] {
  const { items } = useOutboxState();
  const { start, end } = localDayBounds(now);
  return useMemo(
    () =>
      items.flatMap((item) => {
        if (item.kind !== "session") return [];
        const at = Date.parse(item.body.startTime);
        return at >= start && at < end ? [item.body] : [];
      }),
    [items, start, end],
  );
}

/** Whether the browser says it is online (`navigator.onLine`, `online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}
