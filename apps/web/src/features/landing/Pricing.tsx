import { AUDIO_TRACK_TOTAL } from "@focus/core";
import { Check } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";
import { trialPhrase, trialPhraseCapitalised, usePublicConfig } from "@/lib/publicConfig";
import { cn } from "@/lib/utils";
import { Section } from "./Section";

/**
 * The plans as the landing page states them (the landing version of the free plan). The trial
 * notes name the server's trial length (`note(trialDays)`).
 */
const PLANS = [
  {
    name: "Free",
    price: "$0",
    blurb: "Everything you need to try focused work.",
    features: ["Basic timer", "Only Deep Work and Light Work audio", "Up to 5 blocked websites", "7-day history"],
    note: (trialDays: number | null) => `Starts with a ${trialPhrase(trialDays)}. No credit card required.`,
    cta: "Get Started Free",
    highlighted: false,
  },
  {
    name: "Premium",
    price: "$4.99",
    blurb: "For people who focus every day.",
    features: [
      "Unlimited sessions",
      `All 4 categories with ${AUDIO_TRACK_TOTAL} tracks`,
      "Unlimited blocking",
      "30-day analytics",
      "Multi-device sync",
      "Priority support",
    ],
    note: (trialDays: number | null) => `${trialPhraseCapitalised(trialDays)}. Cancel anytime.`,
    cta: "Start Free Trial",
    highlighted: true,
  },
] as const;

/** Pricing: Free and Premium, with the trial length from the server (`GET /api/config`). */
export function Pricing() {
  const { trialDays } = usePublicConfig();
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing"
      intro="Start for free. Upgrade when focus becomes a habit."
      className="bg-muted/40"
    >
      <ul className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
        {PLANS.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              "relative flex flex-col gap-6 rounded-2xl border bg-card p-8 shadow-sm",
              plan.highlighted && "border-primary shadow-md ring-1 ring-primary",
            )}
          >
            {plan.highlighted && (
              <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                Most popular
              </span>
            )}
            <div className="grid gap-1">
              <h3 className="text-xl font-semibold">{plan.name}</h3>
              <p className="text-muted-foreground">{plan.blurb}</p>
            </div>
            <p className="flex items-baseline gap-1">
              <span className="text-5xl font-bold tracking-tight">{plan.price}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
            <ul className="grid gap-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <Check className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <div className="mt-auto grid gap-2">
              <Link to="/app" className={buttonVariants({ size: "lg", variant: plan.highlighted ? "default" : "outline" })}>
                {plan.cta}
              </Link>
              <p className="text-center text-sm text-muted-foreground">{plan.note(trialDays)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
