import { CancellationDialog } from "@/features/subscription/CancellationDialog";
import { PaymentInfoCard, SupportCard } from "@/features/subscription/PaymentHelpCards";
import { PlanRequests } from "@/features/subscription/PlanRequests";
import { PlanSummary } from "@/features/subscription/PlanSummary";
import { SubscriptionPlans } from "@/features/subscription/SubscriptionPlans";
import { useSubscription } from "@/features/subscription/useSubscription";
import { useUpgrade } from "@/features/subscription/useUpgrade";
import { useSignedInUser } from "@/runtime/currentUser";
import { BackToApp } from "@/app/shell/BackToApp";
import { usePublicConfig } from "@/lib/publicConfig";

/**
 * /subscription: the user's plan and what they asked for (upgrade request, accepted offer), for
 * Premium 'Cancel subscription' with the same dialog as in Settings, the plan cards, payment information and help. Every plan fact comes from core's plan wording
 * table; the support address and how payment works from the server (`GET /api/config`). The
 * plan follows the server live (the signed-in layout reloads the user on `user_changed`).
 */
export function SubscriptionPage() {
  const user = useSignedInUser();
  const subscription = useSubscription(user);
  const { upgrade, isPending } = useUpgrade(user);
  const { supportEmail, paymentConfigured } = usePublicConfig();

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
        <PlanRequests user={user} isPremium={subscription.state === "premium"} />
        {subscription.canCancel && (
          <div>
            <CancellationDialog user={user} />
          </div>
        )}
      </section>
      <SubscriptionPlans
        state={subscription.state}
        canUpgrade={subscription.canUpgrade}
        paymentConfigured={paymentConfigured}
        upgrade={upgrade}
        isPending={isPending}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <PaymentInfoCard username={user.isGuest ? null : user.username} paymentConfigured={paymentConfigured} />
        <SupportCard supportEmail={supportEmail} />
      </div>
    </main>
  );
}
