import type { AdminUser } from "@focus/core";
import { Ban, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAdminAction } from "./adminApi";

/**
 * Asks for confirmation, naming the user, before the admin cancels their subscription (it takes
 * effect at once: free plan, status cancelled); `user` null means closed.
 */
export function CancelUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const cancel = useAdminAction("cancel");
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Cancel {user?.username}&apos;s subscription?</DialogTitle>
          <DialogDescription>
            {user?.username} moves to the Free plan right away and loses Premium. You can activate Premium again later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending} autoFocus>
            Keep subscription
          </Button>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() => user && cancel.mutate(user.id, { onSettled: onClose })}
          >
            {cancel.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
            Cancel subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
