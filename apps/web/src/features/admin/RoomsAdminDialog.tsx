import type { AdminRoom } from "@focus/core/schemas";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** What the admin may do to a room. */
export type RoomAdminAction = "end" | "hide" | "show";

const COPY: Record<RoomAdminAction, { title: (name: string) => string; description: string; confirm: string }> = {
  end: {
    title: (name) => `End "${name}"?`,
    description: "Everyone in it is told the room ended and taken out of it. An ended room cannot be opened again.",
    confirm: "End room",
  },
  hide: {
    title: (name) => `Hide "${name}" from the public list?`,
    description: "It stays open and its link still works; it is no longer listed on the rooms page.",
    confirm: "Hide room",
  },
  show: {
    title: (name) => `List "${name}" again?`,
    description: "It shows on the public rooms page again.",
    confirm: "Show room",
  },
};

/** Asks the admin to confirm ending, hiding or showing a room; `pending` null means closed. */
export function RoomsAdminDialog({
  pending,
  busy,
  onConfirm,
  onClose,
}: {
  pending: { room: AdminRoom; action: RoomAdminAction } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const copy = pending ? COPY[pending.action] : null;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{pending && copy ? copy.title(pending.room.name) : ""}</DialogTitle>
          <DialogDescription>{copy?.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant={pending?.action === "end" ? "destructive" : "default"} disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden />}
            {copy?.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
