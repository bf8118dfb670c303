import { useEffect } from "react";
import { guestWorkChoice, guestWorkPhrase, setGuestWorkChoice, useGuestWork } from "./guestWork";

/**
 * On /auth, when this browser holds a guest's work: "Keep your 2 sessions and 3 tasks?", ticked
 * by default. Signing in or creating the account then moves them into it (`GuestWorkMover`).
 * Untick it on a shared browser when the work is someone else's.
 */
export function KeepGuestWork() {
  const work = useGuestWork();
  const phrase = guestWorkPhrase(work);
  const keep = guestWorkChoice() ?? true;
  useEffect(() => {
    // The default is a choice too: without one nothing would move.
    if (phrase && guestWorkChoice() === null) setGuestWorkChoice(true);
  }, [phrase]);
  if (!phrase) return null;
  return (
    <div className="px-6 pt-4">
    <label className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={keep}
        onChange={(event) => setGuestWorkChoice(event.target.checked)}
      />
      <span className="grid gap-1">
        <span className="font-medium">Keep your {phrase}?</span>
        <span className="text-muted-foreground">What you did as a guest in this browser goes into the account you sign in to or create.</span>
      </span>
    </label>
    </div>
  );
}
