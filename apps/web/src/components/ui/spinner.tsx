import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** Props of Spinner: `label` is read by screen readers (and shown when `showLabel`). */
export type SpinnerProps = { className?: string; label?: string; showLabel?: boolean };

/** A spinning indicator with role="status". */
export function Spinner({ className, label = "Loading", showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted-foreground">
      <LoaderCircle className={cn("size-6 animate-spin", className)} aria-hidden />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </span>
  );
}

/** A spinner centred in the whole viewport, for route and session loading. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center p-6">
      <Spinner className="size-8 text-primary" label={label} showLabel />
    </div>
  );
}
