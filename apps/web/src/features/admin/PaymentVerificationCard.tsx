import { PLAN_PRICES } from "@focus/core/subscription";
import { ClipboardCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const STEPS = [
  `Open the payment provider's account and find the new ${PLAN_PRICES.premium} payment.`,
  "Match the payment note (username or email) to a user in the list. Users who pressed Upgrade show 'Upgrade requested'.",
  "Activate Premium for that user ID within 24 hours of the payment.",
  "If a payment matches no user, reply to the payer and ask for their username before activating.",
] as const;

/** How to verify a payment before activating. */
export function PaymentVerificationCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ClipboardCheck className="size-5 text-primary" aria-hidden />
          Payment verification
        </CardTitle>
        <CardDescription>Premium is paid manually; check each payment before you activate.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-foreground" aria-hidden>
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
