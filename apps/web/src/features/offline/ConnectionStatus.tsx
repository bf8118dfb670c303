import { CloudOff, RefreshCw } from "lucide-react";
import { cn } from "@/lib/utils";
import { useOnline, useOutboxState } from "@/runtime/outbox/useOutbox";

/**
 * The header's connection indicator (`docs/offline.md`): 'Offline' while the browser has no
 * network, 'Server unreachable' when it has but the server did not answer, and how many sessions or
 * settings changes wait to be sent. Empty (but present, so screen readers hear changes) when all is
 * well.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const { items, unreachable, sending } = useOutboxState();
  const waiting = items.length;
  const problem = !online ? "Offline" : unreachable && waiting > 0 ? "Server unreachable" : null;
  const show = problem !== null || waiting > 0;
  const Icon = problem ? CloudOff : RefreshCw;
  return (
    <p role="status" data-testid="connection-status" className={cn("flex min-w-0 shrink-0", !show && "sr-only")}>
      {show && (
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium whitespace-nowrap",
            problem ? "border-destructive/40 bg-destructive/10 text-foreground" : "border-primary/30 bg-accent text-accent-foreground",
          )}
          title={waiting > 0 ? `${waiting} ${waiting === 1 ? "change waits" : "changes wait"} to be sent to the server` : undefined}
        >
          <Icon className={cn("size-3.5 shrink-0", problem && "text-destructive", !problem && sending && "animate-spin")} aria-hidden />
          {/* On a phone a sync shows as its icon and count alone, so the header's name and plan keep their room. */}
          {problem ?? <span className="max-sm:sr-only">Syncing</span>}
          {waiting > 0 && (
            <>
              <span aria-hidden className="text-muted-foreground">
                ·
              </span>
              <span>
                {waiting}
                <span className="max-sm:sr-only"> waiting</span>
              </span>
            </>
          )}
        </span>
      )}
    </p>
  );
}
