import { ShieldCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { SessionSwitch } from "./SessionSwitch";

/** Loaded when first opened: the Focus Arena's first load carries no dialog code. */
const EndEarlyDialog = lazy(async () => ({ default: (await import("./EndEarlyDialog")).EndEarlyDialog }));

/**
 * The Focus Arena's per-session Strict switch beside Start (`docs/product.md`, Strict focus): it
 * starts as the "Strict focus" setting says and applies to the next focus session only.
 */
export function StrictStartSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <SessionSwitch
      id="strict-start"
      label="Strict"
      hint="No pause or reset this session; End early stays available."
      checked={checked}
      onChange={onChange}
      className="mx-auto justify-center"
    />
  );
}

/**
 * What a strict focus session shows in place of Pause, Reset and the modes: that it is strict,
 * until when, and the always-there "End early" behind its friction (`EndEarlyDialog`).
 */
export function StrictSessionBar({ endsAt, onEndEarly }: { endsAt: number | null; onEndEarly: () => void }) {
  const [open, setOpen] = useState(false);
  const until = endsAt === null ? null : new Date(endsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const end = () => {
    setOpen(false);
    onEndEarly();
    toast({ title: "Session ended early", description: "It's saved as ended early. Rest a moment, and start again when you're ready." });
  };
  return (
    <div className="grid justify-items-center gap-3" data-testid="strict-session">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
        <ShieldCheck className="size-4" aria-hidden />
        Strict focus{until ? ` until ${until}` : ""}
      </p>
      <Button size="lg" variant="outline" className="min-w-40" onClick={() => setOpen(true)}>
        End early
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EndEarlyDialog onEnd={end} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
