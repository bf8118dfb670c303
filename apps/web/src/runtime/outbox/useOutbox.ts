import type { SessionInput } from "@focus/core/schemas";
import { useMemo, useSyncExternalStore } from "react";
import { outboxSync } from "./sync";
import type { SyncState } from "./outboxSync";

/** The outbox state of the current user (waiting writes, reachability). */
export function useOutboxState(): SyncState {
  return useSyncExternalStore(outboxSync.subscribe, outboxSync.getState);
}

/** Completed sessions still waiting in the outbox to be sent, oldest first. */
export function usePendingSessions(): (SessionInput & { clientId: string })[] {
  const { items } = useOutboxState();
  return useMemo(() => items.flatMap((item) => (item.kind === "session" ? [item.body] : [])), [items]);
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
