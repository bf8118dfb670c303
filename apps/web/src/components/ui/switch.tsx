import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * An on/off switch built on a native checkbox with role="switch" (no Radix Switch in the
 * dependencies): Space toggles it, a <label htmlFor> names it, screen readers say on/off.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<"input">, "type" | "role">) {
  return (
    // On a touch screen the (invisible) input is 44 px high around the 24 px track: a finger's target.
    <span className={cn("relative inline-flex h-6 w-11 shrink-0 items-center pointer-coarse:h-11", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none h-6 w-11 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:opacity-50"
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-0.5 size-5 -translate-y-1/2 rounded-full bg-background shadow-sm ring-0 transition-transform peer-checked:translate-x-5 peer-disabled:opacity-50 dark:bg-foreground dark:peer-checked:bg-primary-foreground"
      />
    </span>
  );
}
