import { ESCAPE_SENTENCE } from "@focus/core/constants";
import { escapeWaitMs } from "@focus/core/timer";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useNow } from "@/lib/useNow";
import { useOptionalUser } from "@/runtime/currentUser";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { useWeekEscapes } from "./useWeekEscapes";

/**
 * The escape hatch of a strict focus session (`docs/product.md`, Strict focus), behind friction:
 * the user types the sentence shown, exactly; then a wait of 60 s (5 minutes once the week's
 * escapes reach the "Escapes per week" setting, core's `escapeWaitMs`) counts down; then "End
 * session" calls `onEnd`. "Keep focusing", Escape or × closes it, and the next opening starts
 * over. Mounted only while open, so each opening is fresh.
 */
export function EndEarlyDialog({ onEnd, onClose }: { onEnd: () => void; onClose: () => void }) {
  const settings = useCurrentSettings();
  const user = useOptionalUser();
  const opened = useNow();
  const escapes = useWeekEscapes(user?.isGuest ?? true, opened);
  const waitMs = escapeWaitMs(escapes.count ?? 0, settings.escapesPerWeek);
  const [typed, setTyped] = useState("");
  const [waitStartedAt, setWaitStartedAt] = useState<number | null>(null);
  const now = useNow(waitStartedAt === null ? undefined : 1000);
  const matches = typed === ESCAPE_SENTENCE;
  // The wait starts once the sentence is typed exactly, and starts over if it is changed again.
  const type = (value: string) => {
    setTyped(value);
    if (value !== ESCAPE_SENTENCE) setWaitStartedAt(null);
    else if (waitStartedAt === null) setWaitStartedAt(Date.now());
  };
  const leftMs = waitStartedAt === null ? waitMs : Math.max(0, waitStartedAt + waitMs - now);
  const ready = waitStartedAt !== null && leftMs === 0;
  const inputId = useId();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby={`${inputId}-about`}>
        <DialogHeader>
          <DialogTitle>End this session early?</DialogTitle>
          <DialogDescription id={`${inputId}-about`}>
            It's okay to stop. Take a breath first: type the sentence below, then wait {waitLabel(waitMs)}. The session is saved as ended early.
          </DialogDescription>
        </DialogHeader>
        <AllowanceNote count={escapes.count} allowance={settings.escapesPerWeek} />
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Type: <span className="font-semibold">{ESCAPE_SENTENCE}</span>
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => type(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${inputId}-status`}
          />
          <p id={`${inputId}-status`} role="status" className="text-sm text-muted-foreground" data-testid="end-early-status">
            {!matches ? "Type it exactly as shown." : ready ? "You can end the session now." : `Wait ${clock(leftMs)} more.`}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep focusing
          </Button>
          <Button variant="destructive" disabled={!ready} onClick={onEnd}>
            End session
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Where the week's escapes stand against the allowance, in plain words. */
function AllowanceNote({ count, allowance }: { count: number | null; allowance: number }) {
  if (count === null) return null;
  const text =
    count >= allowance
      ? `You've used this week's ${allowance === 1 ? "escape" : `${allowance} escapes`}, so the wait is longer. That's fine; it's here when you need it.`
      : `This week: ${count} of ${allowance} ${allowance === 1 ? "escape" : "escapes"} used.`;
  return <p className="rounded-md bg-muted px-3 py-2 text-sm">{text}</p>;
}

/** "60 seconds" or "5 minutes". */
function waitLabel(ms: number): string {
  return ms % 60_000 === 0 && ms >= 120_000 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} seconds`;
}

/** m:ss. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
