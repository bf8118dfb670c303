import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type { ComponentProps, ReactElement } from "react";
import { cn } from "@/lib/utils";

/** Radix Toast parts styled in the shadcn/ui way. See use-toast.ts for the store. */

export const ToastProvider = ToastPrimitives.Provider;

/**
 * The fixed area toasts appear in: bottom right on desktop; at the top on phones, over the
 * header, so a toast never covers Start, the reflection's buttons or the tab bar.
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        "fixed inset-x-0 top-0 z-[100] mx-auto flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none md:inset-x-auto md:top-auto md:right-0 md:bottom-0",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-12 shadow-lg md:pr-10",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive: "destructive border-destructive/70 bg-card text-card-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** Props of one toast: Radix Root props plus `variant: "default" | "destructive"`. */
export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

/** One toast. */
export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

/** An optional action button inside a toast. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        "inline-flex h-11 shrink-0 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:h-9",
        className,
      )}
      {...props}
    />
  );
}

/** The close (×) button. */
export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close notification"
      className={cn(
        "absolute top-1 right-1 rounded-md p-3.5 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:top-3 md:right-3 md:p-1",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden />
    </ToastPrimitives.Close>
  );
}

/** The toast's title line. */
export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn("text-sm font-semibold group-[.destructive]:text-destructive", className)} {...props} />;
}

/** The toast's body text. */
export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn("text-sm opacity-90", className)} {...props} />;
}

/** The element type `toast({ action })` accepts. */
export type ToastActionElement = ReactElement<typeof ToastAction>;
