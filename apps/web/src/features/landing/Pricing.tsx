import { FREE_FEATURES, PLAN_NAMES, PLAN_PRICES, PREMIUM_FEATURES, PRICE_PERIOD, PRICING_COPY, newAccountTrialText } from "@focus/core/subscription";
import { Check } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { usePublicConfig } from "@/lib/publicConfig";
import { cn } from "@/lib/utils";
import { Section } from "./Section";

/** The two plans as the landing shows them; every word from core's plan wording table. */
const PLANS = [
  { id: "free", features: FREE_FEATURES, highlighted: false },
  { id: "premium", features: PREMIUM_FEATURES, highlighted: true },
] as const;

/**
 * Pricing: Free and Premium from the plan wording table (`docs/product.md`, One table of plan
 * wording). The trial is not a plan: every new account starts with it, so it is said once, under
 * the cards, with the server's length (`GET /api/config`).
 */
export function Pricing() {
  const { trialDays } = usePublicConfig();
  return (
    <Section id="pricing" eyebrow="Pricing" title={PRICING_COPY.title} intro={PRICING_COPY.intro} className="bg-muted/40">
      <ul className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col gap-6 rounded-2xl border bg-card p-8 shadow-sm",
              plan.highlighted && "border-primary shadow-md ring-1 ring-primary",
            )}
          >
            {plan.highlighted && (
              <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                {PRICING_COPY.recommended}
              </span>
            )}
            <div className="grid gap-1">
              <h3 className="text-xl font-semibold">{PLAN_NAMES[plan.id]}</h3>
              <p className="text-muted-foreground">{PRICING_COPY.taglines[plan.id]}</p>
            </div>
            <p className="flex items-baseline gap-1">
              <span className="text-5xl font-bold tracking-tight">{PLAN_PRICES[plan.id]}</span>
              <span className="text-muted-foreground">{PRICE_PERIOD}</span>
            </p>
            <ul className="grid gap-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <Check className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <Link to="/app" className={cn(buttonVariants({ size: "lg", variant: plan.highlighted ? "default" : "outline" }), "mt-auto")}>
              {PRICING_COPY.actions[plan.id]}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mx-auto max-w-2xl text-center text-sm text-muted-foreground">{newAccountTrialText(trialDays)}</p>
    </Section>
  );
}
