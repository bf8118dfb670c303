import type { LiveMessage } from "@focus/core/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLiveChannel } from "./liveChannel";

/**
 * Loads `queryKeys` again when the server says their data changed on another device (one of the
 * live `messages`, e.g. `tasks_changed`), and on every reconnection after the first, since a
 * change made while this device was away was told to nobody here (`docs/offline.md`). A no-op
 * without a live connection (guests, visitors).
 */
export function useLiveReload(messages: readonly LiveMessage["type"][], queryKeys: readonly (readonly unknown[])[]): void {
  const channel = useLiveChannel();
  const client = useQueryClient();
  // Stable identities for the effect, whatever arrays the caller passes each render.
  const types = messages.join(" ");
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!channel) return;
    const reload = () => {
      for (const queryKey of JSON.parse(keys) as unknown[][]) void client.invalidateQueries({ queryKey });
    };
    const wanted = new Set(types.split(" "));
    let connections = channel.isOpen() ? 1 : 0;
    const offMessage = channel.onMessage((message) => {
      if (wanted.has(message.type)) reload();
    });
    const offConnected = channel.onConnected(() => {
      connections += 1;
      if (connections > 1) reload();
    });
    return () => {
      offMessage();
      offConnected();
    };
  }, [channel, client, types, keys]);
}
