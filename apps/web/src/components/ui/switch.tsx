import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * An on/off switch built on a native checkbox with role="switch" (no Radix Switch in the
 * dependencies): Space toggles it, a <label htmlFor> names it, screen readers say on/off.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<"input">, "type" | "role">) {
  return (
    <span className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 cursor-pointer appearance-none rounded-full bg-input transition-colors checked:bg-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow-sm ring-0 transition-transform peer-checked:translate-x-5 dark:bg-foreground dark:peer-checked:bg-primary-foreground"
      />
    </span>
  );
}
