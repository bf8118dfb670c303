import { Wifi, WifiOff } from "lucide-react";
import type { LiveStatus } from "@/runtime/liveChannel";

const LABELS: Record<LiveStatus, string> = {
  connecting: "Connecting sync…",
  connected: "Synced",
  reconnecting: "Reconnecting…",
  disconnected: "Sync offline",
};

/**
 * Shows whether the timer is synced with the mini timer and the extension (errors or close mark it
 * disconnected). Quiet when all is well.
 */
export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  const offline = status === "disconnected" || status === "reconnecting";
  const Icon = offline ? WifiOff : Wifi;
  return (
    <p
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs ${offline ? "bg-destructive/10 text-destructive" : "text-muted-foreground"}`}
      role="status"
      data-testid="live-status"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {LABELS[status]}
    </p>
  );
}
