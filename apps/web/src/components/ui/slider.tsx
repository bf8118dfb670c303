import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A slider built on a native range input (no Radix Slider in the dependencies): arrow keys,
 * Page Up/Down, Home/End work; pass `aria-valuetext` to read the value with its unit.
 */
export function Slider({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="range"
      className={cn(
        "h-6 w-full cursor-pointer accent-primary pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
