import type { Room } from "@focus/core/schemas";
import { LoaderCircle, Power } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useEndRoom } from "./roomQueries";

/** The owner's "End room", behind a confirmation: everyone in it is told. */
export function EndRoomButton({ room }: { room: Room }) {
  const [open, setOpen] = useState(false);
  const end = useEndRoom(room.slug);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Power aria-hidden />
        End room
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End “{room.name}”?</DialogTitle>
            <DialogDescription>Everyone in it is told the room has ended. Their timers keep the round they are in.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it open</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={end.isPending}
              onClick={() =>
                end.mutate(undefined, {
                  onSuccess: () => setOpen(false),
                  onError: (error) => toast({ title: "Could not end the room", description: error.message, variant: "destructive" }),
                })
              }
            >
              {end.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              End room
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
