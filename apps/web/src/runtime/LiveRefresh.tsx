import { useEffect } from "react";
import { queryKeys } from "@/lib/queryKeys";
import { useLiveChannel } from "./liveChannel";
import { outboxSync } from "./outbox/sync";
import { useLiveReload } from "./useLiveReload";

/**
 * Loads again what the server says changed on another device (`docs/offline.md`): the settings
 * (`settings_changed`: a change made elsewhere applies here at once, the timer included) and the
 * recorded sessions (`sessions_changed`: Today's Progress and Statistics). A (re)connection also
 * sends what waits in the outbox at once: the server is back. Renders nothing; a no-op without a
 * live connection (guests).
 */
export function LiveRefresh() {
  useLiveReload(["settings_changed"], [queryKeys.settings]);
  useLiveReload(["sessions_changed"], [queryKeys.sessions, queryKeys.sessionsRangeAll]);
  const channel = useLiveChannel();
  useEffect(() => channel?.onConnected(() => outboxSync.retryNow()), [channel]);
  return null;
}
