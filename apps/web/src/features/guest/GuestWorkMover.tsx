import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { queryKeys, refreshSessionQueries } from "@/lib/queryKeys";
import { guestWorkChoice, guestWorkPhrase, guestWorkSummary, setGuestWorkChoice } from "./guestWork";
import { moveGuestWork } from "./guestWorkMove";

/** One move per page load, even when React runs the effect twice. */
let moving = false;

/**
 * In the signed-in app: when the user chose on /auth to keep their guest work, moves it into the
 * account once (`moveGuestWork`) and says what was kept, or, when the server refused (e.g. the
 * Free plan's daily limit), why, in its words; the guest's copy then stays in this browser.
 */
export function GuestWorkMover() {
  const client = useQueryClient();
  useEffect(() => {
    const choice = guestWorkChoice();
    if (choice === null || moving) return;
    const phrase = guestWorkPhrase(guestWorkSummary());
    setGuestWorkChoice(null);
    if (!choice || !phrase) return;
    moving = true;
    moveGuestWork()
      .then(async () => {
        toast({ title: "Your guest work is in your account", description: `Kept: ${phrase}. You will see them on every device you sign in on.` });
        await Promise.all([refreshSessionQueries(client), client.invalidateQueries({ queryKey: queryKeys.tasks })]);
      })
      .catch((error: unknown) => {
        toast({
          title: "Your guest work could not be moved",
          description: error instanceof ApiError ? error.serverMessage : "It is still in this browser. Try again by signing in once more.",
          variant: "destructive",
        });
      })
      .finally(() => {
        moving = false;
      });
  }, [client]);
  return null;
}
