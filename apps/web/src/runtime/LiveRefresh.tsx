import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys, refreshSessionQueries } from "@/lib/queryKeys";
import { useLiveChannel } from "./liveChannel";
import { outboxSync } from "./outbox/sync";

/**
 * Loads again what the server says changed on another device (`docs/offline.md`): the settings
 * (`settings_changed`: a change made elsewhere applies here at once, the timer included) and the
 * recorded sessions (`sessions_changed`: Today's Progress and Statistics), and both on every
 * reconnection after the first, since changes made while this device was away were told to
 * nobody here. A (re)connection also sends what waits in the outbox at once: the server is back.
 * Renders nothing; a no-op without a live connection (guests).
 */
export function LiveRefresh() {
  const channel = useLiveChannel();
  const client = useQueryClient();
  useEffect(() => {
    if (!channel) return;
    const settings = () => void client.invalidateQueries({ queryKey: queryKeys.settings });
    const sessions = () => void refreshSessionQueries(client);
    let connections = channel.isOpen() ? 1 : 0;
    const offMessage = channel.onMessage((message) => {
      if (message.type === "settings_changed") settings();
      else if (message.type === "sessions_changed") sessions();
    });
    const offConnected = channel.onConnected(() => {
      outboxSync.retryNow();
      connections += 1;
      if (connections > 1) {
        settings();
        sessions();
      }
    });
    return () => {
      offMessage();
      offConnected();
    };
  }, [channel, client]);
  return null;
}
