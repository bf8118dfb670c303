import { RETENTION_OFFER_TITLES } from "@focus/core/cancellation";
import { type User } from "@focus/core/schemas";
import { UPGRADE_COPY, upgradeRequestedText } from "@focus/core/subscription";
import { Clock, Gift, Send } from "lucide-react";
import type { ReactNode } from "react";
import { usePublicConfig } from "@/lib/publicConfig";
import { useSubscriptionRequests } from "./requests";

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** An ISO date as the user reads it ('Nov 26, 2026'), or the text as given when it is no date. */
function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

function Item({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-lg border bg-accent/25 px-3 py-2.5 text-sm sm:px-4">
      <span className="mt-0.5 shrink-0 text-primary [&_svg]:size-4">{icon}</span>
      <p className="min-w-0">
        <span className="font-semibold">{title}</span> <span className="text-muted-foreground">{children}</span>
      </p>
    </li>
  );
}

/**
 * What the user asked for that waits on the team (`docs/product.md`, Offers and upgrade
 * requests), under their plan on /subscription and in Settings: the upgrade request (until
 * Premium is active) and the accepted retention offer, 'Offer pending' until the team applied it,
 * then 'Offer applied'. Nothing while there is none, and nothing for guests.
 */
export function PlanRequests({ user, isPremium }: { user: User; isPremium: boolean }) {
  const { data } = useSubscriptionRequests(user);
  const { supportEmail, paymentConfigured } = usePublicConfig();
  if (!data) return null;
  const { upgradeRequestedAt, offer } = data;
  const showUpgrade = upgradeRequestedAt !== null && !isPremium;
  if (!showUpgrade && !offer) return null;
  return (
    <ul aria-label="Your requests" className="grid gap-2">
      {showUpgrade && (
        <Item icon={<Send aria-hidden />} title={UPGRADE_COPY.requestedTitle}>
          on {day(upgradeRequestedAt)}.{" "}
          {paymentConfigured === false
            ? upgradeRequestedText(user.email, supportEmail)
            : UPGRADE_COPY.waiting}
        </Item>
      )}
      {offer && offer.appliedAt === null && (
        <Item icon={<Clock aria-hidden />} title="Offer pending">
          {RETENTION_OFFER_TITLES[offer.offer]}, accepted {day(offer.acceptedAt)}. Our team will apply it to your account.
        </Item>
      )}
      {offer?.appliedAt && (
        <Item icon={<Gift aria-hidden />} title="Offer applied">
          {RETENTION_OFFER_TITLES[offer.offer]}, applied to your account on {day(offer.appliedAt)}.
        </Item>
      )}
    </ul>
  );
}
