import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A calm surface with a border and soft shadow. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border bg-card text-card-foreground shadow-sm", className)} {...props} />;
}

/** The card's top area (title and description). */
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

/** The card's heading; an h2 unless `as` says otherwise. */
export function CardTitle({ className, as: Heading = "h2", ...props }: ComponentProps<"h2"> & { as?: "h1" | "h2" | "h3" }) {
  return <Heading className={cn("text-xl leading-tight font-semibold tracking-tight", className)} {...props} />;
}

/** A quieter line under the title. */
export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The card's body. */
export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

/** The card's bottom row. */
export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}
