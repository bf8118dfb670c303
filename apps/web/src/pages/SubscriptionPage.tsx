import { CreditCard, LifeBuoy, LoaderCircle, Mail } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PlanCard } from "@/features/subscription/PlanCard";
import { PlanRequests } from "@/features/subscription/PlanRequests";
import { PlanSummary } from "@/features/subscription/PlanSummary";
import {
  FREE_FEATURES_PRICING,
  FREE_PRICE,
  freeTrialCopy,
  PREMIUM_FEATURES,
  PREMIUM_PRICE,
  premiumTrialCopy,
} from "@/features/subscription/planCopy";
import { useSubscription } from "@/features/subscription/useSubscription";
import { useUpgrade } from "@/features/subscription/useUpgrade";
import { useSignedInUser } from "@/features/shell/SignedInLayout";
import { BackToApp } from "@/features/shell/BackToApp";
import { usePublicConfig } from "@/lib/publicConfig";

/**
 * /subscription: the user's plan and what they asked for (upgrade request, accepted offer), the
 * plan cards, payment information and help. The trial length, the support address and how
 * payment works come from the server (`GET /api/config`).
 */
export function SubscriptionPage() {
  const user = useSignedInUser();
  const subscription = useSubscription(user);
  const { upgrade, isPending } = useUpgrade(user);
  const { trialDays, supportEmail, paymentConfigured } = usePublicConfig();
  const isPremium = subscription.state === "premium";

  return (
    <main className="mx-auto grid w-full max-w-5xl gap-8 px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <BackToApp />
      <section aria-labelledby="subscription-title" className="grid gap-4">
        <div className="grid gap-1">
          <h1 id="subscription-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Subscription
          </h1>
          <p className="text-muted-foreground">Choose the plan that fits how you focus.</p>
        </div>
        <PlanSummary user={user} subscription={subscription} />
        <PlanRequests user={user} isPremium={isPremium} />
      </section>

      <section aria-label="Plans" className="grid gap-5 md:grid-cols-2">
        <PlanCard
          name="Free"
          price={FREE_PRICE}
          tagline={freeTrialCopy(trialDays)}
          features={FREE_FEATURES_PRICING}
          badge={isPremium ? undefined : "Current plan"}
        />
        <PlanCard
          name="Premium"
          price={PREMIUM_PRICE}
          tagline={premiumTrialCopy(trialDays)}
          features={PREMIUM_FEATURES}
          highlighted
          badge={isPremium ? "Current plan" : "Recommended"}
          action={
            subscription.canUpgrade ? (
              <Button size="lg" className="w-full" onClick={upgrade} disabled={isPending} aria-busy={isPending}>
                {isPending && <LoaderCircle className="animate-spin" aria-hidden />}
                Upgrade to Premium
              </Button>
            ) : (
              <p className="w-full rounded-md bg-accent/50 px-4 py-3 text-center text-sm font-medium">You are on Premium. Thank you!</p>
            )
          }
        />
      </section>

      <div className="grid gap-5 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <CreditCard className="size-5 text-primary" aria-hidden />
              Payment information
            </CardTitle>
            <CardDescription>How Premium is paid and switched on.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-muted-foreground">
              <li>Premium costs {PREMIUM_PRICE} per month.</li>
              {paymentConfigured === false ? (
                <li>When you upgrade, we record your request and email you how to pay.</li>
              ) : (
                <li>You pay manually through our payment provider&apos;s link, which opens in a new tab when you upgrade.</li>
              )}
              <li>Add your username ({user.isGuest ? "after you sign up" : user.username}) to the payment note so we can find your account.</li>
              <li>An admin activates Premium within 24 hours of payment. Reload this page to see your new plan.</li>
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <LifeBuoy className="size-5 text-primary" aria-hidden />
              Need help?
            </CardTitle>
            <CardDescription>Questions about payment, activation or your plan? Write to us and we will sort it out.</CardDescription>
          </CardHeader>
          <CardContent>
            {supportEmail ? (
              <div className="grid justify-items-start gap-2">
                <a
                  href={`mailto:${supportEmail}?subject=${encodeURIComponent("Subscription help")}`}
                  className={buttonVariants({ variant: "outline" })}
                >
                  <Mail aria-hidden />
                  Contact Support
                </a>
                <p className="text-sm break-all text-muted-foreground">{supportEmail}</p>
              </div>
            ) : (
              // The address comes from the server; until it answers there is nowhere to write.
              <Button variant="outline" disabled>
                <Mail aria-hidden />
                Contact Support
              </Button>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
