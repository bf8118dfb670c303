import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const baseVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        // On a touch screen every size is at least 44 px high (icons 44 px square): a finger's target.
        default: "h-10 px-4 py-2 pointer-coarse:h-11",
        sm: "h-9 px-3 pointer-coarse:h-11",
        lg: "h-12 px-6 text-base",
        icon: "size-10 pointer-coarse:size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/**
 * Button classes, shared with links that look like buttons: `buttonVariants({ variant, size,
 * className })`. Conflicting Tailwind classes are merged so the last one wins.
 */
export function buttonVariants(props?: Parameters<typeof baseVariants>[0]): string {
  return cn(baseVariants(props));
}

/** Props of Button; `asChild` renders the child element (e.g. a router Link) with button styles. */
export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof baseVariants> & { asChild?: boolean };

/** A button in the shadcn/ui style. */
export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
