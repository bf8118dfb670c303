import { RefreshCw } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { timerRunsOnScreen } from "@/runtime/timerOnScreen";
import { appUpdate } from "./appUpdate";

/** While the prompt shows, whether the timer runs is looked at again every few seconds. */
function pollTimerState(onChange: () => void): () => void {
  const id = window.setInterval(onChange, 5000);
  return () => window.clearInterval(id);
}
const noPolling = () => () => {};

/**
 * 'New version available — reload' (`docs/offline.md`). Shown when a new version of the app waits;
 * it is applied only when the user says so, never in the middle of a session by itself. With a
 * timer running the text says the timer carries on (the account's timer, or a guest's kept in
 * this browser, is restored on load).
 */
export function UpdatePrompt() {
  const { waiting, dismissed } = useSyncExternalStore(appUpdate.subscribe, appUpdate.getState);
  const [applying, setApplying] = useState(false);
  const open = waiting && !dismissed;
  const running = useSyncExternalStore(open ? pollTimerState : noPolling, () => timerRunsOnScreen());

  if (!open) return null;
  return (
    <section
      aria-labelledby="app-update-title"
      className="fixed inset-x-3 top-[4.5rem] z-50 mx-auto grid max-w-md gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xl md:inset-x-auto md:top-auto md:bottom-4 md:left-4"
    >
      <div className="flex items-start gap-3">
        <RefreshCw className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h2 id="app-update-title" className="font-semibold">
            New version available — reload
          </h2>
          <p className="text-sm text-muted-foreground" role="status">
            {running
              ? "Reload when it suits you: your running timer carries on after the reload."
              : "Reload to start using it. Nothing you did is lost."}
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => appUpdate.dismiss()}>
          Later
        </Button>
        <Button
          size="sm"
          disabled={applying}
          onClick={() => {
            setApplying(true);
            void appUpdate.accept();
          }}
        >
          <RefreshCw className={applying ? "animate-spin" : undefined} aria-hidden />
          Reload
        </Button>
      </div>
    </section>
  );
}
