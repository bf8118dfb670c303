import { ESCAPE_SENTENCE } from "@focus/core/constants";
import { escapeWaitAnswerSchema, escapeWaitMs } from "@focus/core/timer";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/api";
import { useNow } from "@/lib/useNow";
import { useOptionalUser } from "@/runtime/currentUser";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { useWeekEscapes } from "./useWeekEscapes";

/**
 * The escape hatch of a strict focus session (`docs/product.md`, Strict focus), behind friction:
 * the user types the sentence shown, exactly; then a wait of 60 s (5 minutes once the week's
 * escapes reach the "Escapes per week" setting, core's `escapeWaitMs`) counts down; then "End
 * session" calls `onEnd`. For a signed-in user the wait is the server's: typing the sentence
 * asks it (`POST /api/timer/escape`), which ends the session only once its own wait is over, and
 * the countdown shows the wait it answered. "Keep focusing", Escape or × closes it, and the next
 * opening starts over. Mounted only while open, so each opening is fresh.
 */
export function EndEarlyDialog({ onEnd, onClose }: { onEnd: () => void; onClose: () => void }) {
  const settings = useCurrentSettings();
  const user = useOptionalUser();
  const opened = useNow();
  const escapes = useWeekEscapes(user?.isGuest ?? true, opened);
  const waitMs = escapeWaitMs(escapes.count ?? 0, settings.escapesPerWeek);
  const [typed, setTyped] = useState("");
  const [waitStartedAt, setWaitStartedAt] = useState<number | null>(null);
  const ask = useEscapeAsk(user !== null && !user.isGuest);
  const now = useNow(waitStartedAt === null ? undefined : 1000);
  const matches = typed === ESCAPE_SENTENCE;
  // The wait starts once the sentence is typed exactly, and starts over if it is changed again.
  const type = (value: string) => {
    setTyped(value);
    if (value !== ESCAPE_SENTENCE) {
      setWaitStartedAt(null);
      ask.reset();
    } else if (waitStartedAt === null) {
      setWaitStartedAt(Date.now());
      ask.start();
    }
  };
  // The server's wait when it has answered (its end on this device's clock), else this page's.
  const endsAt = ask.endsAt ?? (waitStartedAt === null ? null : waitStartedAt + waitMs);
  const leftMs = endsAt === null ? waitMs : Math.max(0, endsAt - now);
  const ready = waitStartedAt !== null && !ask.pending && ask.error === null && leftMs === 0;
  const status = !matches
    ? "Type it exactly as shown."
    : ask.error !== null
      ? ask.error
      : ask.pending
        ? "Starting the wait…"
        : ready
          ? "You can end the session now."
          : `Wait ${clock(leftMs)} more.`;
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
            {status}
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

/**
 * End early's ask to the server for a signed-in user (`enabled`): `start` asks, `reset` forgets
 * the answer. `endsAt` is when the server's wait is over, on this device's clock; `error` the
 * server's message when it refused (no strict session any more) or could not be reached.
 */
function useEscapeAsk(enabled: boolean) {
  const mutation = useMutation({
    mutationFn: async () => {
      const answer = escapeWaitAnswerSchema.parse(await api.post("/api/timer/escape"));
      return Date.now() + (answer.endsAt - answer.serverNow);
    },
  });
  return {
    start: () => {
      if (enabled) mutation.mutate();
    },
    reset: () => mutation.reset(),
    pending: mutation.isPending,
    endsAt: mutation.data ?? null,
    error: mutation.error ? mutation.error.message : null,
  };
}

/** Where the week's escapes (`count`) stand against the weekly `allowance`, in plain words. */
export function allowanceNoteText(count: number, allowance: number): string {
  if (allowance === 0) return "Your settings allow no quick escapes a week, so the wait is the longer one. That's fine; it's here when you need it.";
  if (count >= allowance) {
    return `You've used this week's ${allowance === 1 ? "escape" : `${allowance} escapes`}, so the wait is longer. That's fine; it's here when you need it.`;
  }
  return `This week: ${count} of ${allowance} ${allowance === 1 ? "escape" : "escapes"} used.`;
}

function AllowanceNote({ count, allowance }: { count: number | null; allowance: number }) {
  if (count === null) return null;
  return <p className="rounded-md bg-muted px-3 py-2 text-sm">{allowanceNoteText(count, allowance)}</p>;
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
