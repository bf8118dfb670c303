/**
 * Task changes between this browser's tabs (`docs/offline.md`): a tab that changes the task list
 * or hears back from the server says so on a BroadcastChannel, and the other tabs read their
 * outbox again (the waiting change shows there at once) and reload the list. Other devices hear
 * of a change from the server once it is sent (`TasksLiveSync`).
 */

const CHANNEL = "focus-flow-tasks";

let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs the task list changed. */
export function announceTaskChange(): void {
  open()?.postMessage("changed");
}

/** Calls `listener` whenever another tab changed the task list; returns the unsubscribe. */
export function onTaskChangeElsewhere(listener: () => void): () => void {
  const bc = open();
  if (!bc) return () => {};
  bc.addEventListener("message", listener);
  return () => bc.removeEventListener("message", listener);
}
