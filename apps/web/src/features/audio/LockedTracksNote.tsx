import { lockedTracksMessage, type AudioListener } from "@focus/core/subscription";
import { Lock } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Where a listener goes to unlock the rest of the library: sign up (a trial), or the plans. */
const UNLOCK: Partial<Record<AudioListener, { to: string; label: string }>> = {
  guest: { to: "/auth?tab=register", label: "Create a free account" },
  free: { to: "/subscription", label: "See Premium" },
};

/**
 * Why some tracks are locked for this listener and how to unlock them (core's
 * `lockedTracksMessage`, `docs/product.md`, Audio), with a link that does it. Nothing when the
 * listener may play everything.
 */
export function LockedTracksNote({ listener, id, className }: { listener: AudioListener; id?: string; className?: string }) {
  const message = lockedTracksMessage(listener);
  const unlock = UNLOCK[listener];
  if (!message) return null;
  return (
    <div id={id} className={cn("flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground", className)}>
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {message}
      </p>
      {unlock && (
        <Link to={unlock.to} className={buttonVariants({ size: "sm", variant: "outline", className: "shrink-0" })}>
          {unlock.label}
        </Link>
      )}
    </div>
  );
}
