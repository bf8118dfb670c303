import { Link } from "react-router-dom";
import { BRAND_NAME } from "@/lib/brand";
import { cn } from "@/lib/utils";

/** The logo mark: a calm, partly filled ring. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-8", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary/15" />
      <circle
        cx="16"
        cy="16"
        r="9"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="42 57"
        transform="rotate(-90 16 16)"
        className="stroke-primary"
      />
      <circle cx="16" cy="16" r="2.5" className="fill-primary" />
    </svg>
  );
}

/** Logo and name, linking to `to` (home by default). */
export function BrandLink({ to = "/", className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
        className,
      )}
    >
      <BrandMark />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
