import { BREAK_CALLBACK_NOTICE } from "@focus/core/timer";
import { BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The notice of a break that calls you back (`BreakCallBack`): "Your break is over. Ready when
 * you are." with Start focus and Dismiss, under the header on every signed-in page.
 */
export function CallBackNotice({ onDismiss, onStart }: { onDismiss: () => void; onStart: () => void }) {
  return (
    // Under the header, clear of the phone's tab bar and of the toasts.
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-40 flex justify-center px-4">
      <section
        role="status"
        aria-live="polite"
        aria-labelledby="break-call-back-title"
        className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
        data-testid="break-call-back"
      >
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <BellRing className="size-5 shrink-0 text-primary" aria-hidden />
          <p id="break-call-back-title" className="min-w-0 flex-1 text-sm font-medium">
            {BREAK_CALLBACK_NOTICE.title}
          </p>
        </div>
        <div className="ml-auto flex gap-2">
          <Button type="button" size="sm" variant="ghost" onClick={onDismiss}>
            {BREAK_CALLBACK_NOTICE.dismiss}
          </Button>
          <Button type="button" size="sm" onClick={onStart}>
            {BREAK_CALLBACK_NOTICE.start}
          </Button>
        </div>
      </section>
    </div>
  );
}
