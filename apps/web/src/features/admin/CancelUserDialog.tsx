import { type AdminUser } from "@focus/core/schemas";
import { ADMIN_CANCEL_COPY, adminCancellationOf } from "@focus/core/subscription";
import { Ban, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAdminAction } from "./adminApi";

/**
 * Asks for confirmation, naming the user, before the admin cancels their Premium plan or ends
 * their trial (core's `adminCancellationOf` at `now`; either takes effect at once: the Free
 * plan); `user` null means closed. The words are core's plan wording table's.
 */
export function CancelUserDialog({ user, now, onClose }: { user: AdminUser | null; now: number; onClose: () => void }) {
  const cancel = useAdminAction("cancel");
  const copy = user && adminCancellationOf(user, now) === "endTrial" ? ADMIN_CANCEL_COPY.trial : ADMIN_CANCEL_COPY.premium;
  const name = user?.username ?? "";
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{copy.title(name)}</DialogTitle>
          <DialogDescription>{copy.effect(name)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending} autoFocus>
            {copy.keep}
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => user && cancel.mutate(user.id, { onSettled: onClose })}
          >
            {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
            {copy.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
