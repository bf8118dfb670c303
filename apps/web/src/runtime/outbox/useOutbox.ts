import type { SessionInput } from "@focus/core/schemas";
import { useMemo, useSyncExternalStore } from "react";
import { useEndedHere } from "../endedHere";
import { outboxSync } from "./sync";
import type { SyncState } from "./outboxSync";

/** The outbox state of the current user (waiting writes, reachability). */
export function useOutboxState(): SyncState {
  return useSyncExternalStore(outboxSync.subscribe, outboxSync.getState);
}

/**
 * Completed sessions of the current user that the server may not list yet, oldest first: those
 * this device's timer ended (`endedHere.ts`; the server records them from the account's timer)
 * and any an earlier version of the app left waiting in the outbox. Today's Progress adds those
 * the server does not list yet (same clientId: counted once).
 */
export function usePendingSessions(): (SessionInput & { clientId: string })[] {
  const { items, userId } = useOutboxState();
  const ended = useEndedHere(userId);
  return useMemo(() => [...items.flatMap((item) => (item.kind === "session" ? [item.body] : [])), ...ended], [items, ended]);
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
