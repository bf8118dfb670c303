import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLiveChannel } from "@/runtime/liveChannel";
import { queryKeys } from "@/lib/queryKeys";

/**
 * Loads the task list again when the server says it changed (`tasks_changed` on the live
 * connection, `docs/offline.md`): a task added, edited, reordered or finished on another device,
 * or a session recorded for one there; and on every reconnection after the first, since changes
 * made while this device was away were told to nobody here. Renders nothing; a no-op without a
 * live connection (guests).
 */
export function TasksLiveSync() {
  const channel = useLiveChannel();
  const client = useQueryClient();
  useEffect(() => {
    if (!channel) return;
    const reload = () => void client.invalidateQueries({ queryKey: queryKeys.tasks });
    let connections = channel.isOpen() ? 1 : 0;
    const offMessage = channel.onMessage((message) => {
      if (message.type === "tasks_changed") reload();
    });
    const offConnected = channel.onConnected(() => {
      connections += 1;
      if (connections > 1) reload();
    });
    return () => {
      offMessage();
      offConnected();
    };
  }, [channel, client]);
  return null;
}
