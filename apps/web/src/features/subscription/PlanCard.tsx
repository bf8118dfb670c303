import { FREE_FEATURES, PLAN_NAMES, PLAN_PRICES, PREMIUM_FEATURES, PRICE_PERIOD } from "@focus/core/subscription";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface PlanCardProps {
  plan: "free" | "premium";
  /** The line under the price, from the plan wording table for the screen and the user's plan. */
  tagline: string;
  /** Small badge beside the name, e.g. 'Current plan' or 'Recommended'. */
  badge?: string;
  /** The card's action, e.g. the continue or upgrade button. */
  action?: ReactNode;
  /** A line under the action saying what it does (its id is `plan-<plan>-note`, for aria-describedby). */
  note?: string;
  headingLevel?: "h2" | "h3";
}

/** The id of a plan card's note, for the action it describes. */
export function planNoteId(plan: PlanCardProps["plan"]): string {
  return `plan-${plan}-note`;
}

/**
 * One plan: name, monthly price and what it includes, all from core's plan wording table
 * (`docs/product.md`, One table of plan wording), with the screen's tagline, badge and action.
 * Premium is emphasised (primary border).
 */
export function PlanCard({ plan, tagline, badge, action, note, headingLevel = "h2" }: PlanCardProps) {
  const Heading = headingLevel;
  const highlighted = plan === "premium";
  const headingId = `plan-${plan}-title`;
  return (
    <Card role="group" aria-labelledby={headingId} className={cn("flex h-full flex-col", highlighted && "border-primary/70 shadow-md ring-1 ring-primary/30")}>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading id={headingId} className="text-xl font-semibold tracking-tight">
            {PLAN_NAMES[plan]}
          </Heading>
          {badge && <Badge variant={highlighted ? "default" : "secondary"}>{badge}</Badge>}
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-semibold tracking-tight">{PLAN_PRICES[plan]}</span>
          <span className="text-sm text-muted-foreground">{PRICE_PERIOD}</span>
        </p>
        <CardDescription>{tagline}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2.5 text-sm">
          {(plan === "free" ? FREE_FEATURES : PREMIUM_FEATURES).map((feature) => (
            <li key={feature} className="flex items-start gap-2.5">
              <Check className={cn("mt-0.5 size-4 shrink-0", highlighted ? "text-primary" : "text-muted-foreground")} aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      {(action || note) && (
        <CardFooter className="mt-auto grid gap-2">
          {action}
          {note && (
            <p id={planNoteId(plan)} className="text-center text-xs text-muted-foreground">
              {note}
            </p>
          )}
        </CardFooter>
      )}
    </Card>
  );
}
