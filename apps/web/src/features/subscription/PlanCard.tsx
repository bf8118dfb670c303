import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface PlanCardProps {
  /** Plan name, used as the card's heading. */
  name: string;
  price: string;
  /** The line under the price, e.g. the trial copy. */
  tagline: string;
  features: readonly string[];
  /** Emphasised (Premium): primary border and a ribbon. */
  highlighted?: boolean;
  /** Small badge beside the name, e.g. 'Current plan' or 'Recommended'. */
  badge?: string;
  /** The card's action, e.g. the choose or upgrade button. */
  action?: ReactNode;
  headingLevel?: "h2" | "h3";
}

/** One plan: name, monthly price, tagline, feature checklist and an action. */
export function PlanCard({ name, price, tagline, features, highlighted = false, badge, action, headingLevel = "h2" }: PlanCardProps) {
  const Heading = headingLevel;
  const headingId = `plan-${name.toLowerCase().replace(/\W+/g, "-")}-title`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn("flex h-full flex-col", highlighted && "border-primary/70 shadow-md ring-1 ring-primary/30")}
    >
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading id={headingId} className="text-xl font-semibold tracking-tight">
            {name}
          </Heading>
          {badge && <Badge variant={highlighted ? "default" : "secondary"}>{badge}</Badge>}
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-semibold tracking-tight">{price}</span>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
        <CardDescription>{tagline}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2.5 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5">
              <Check className={cn("mt-0.5 size-4 shrink-0", highlighted ? "text-primary" : "text-muted-foreground")} aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      {action && <CardFooter className="mt-auto">{action}</CardFooter>}
    </Card>
  );
}
