import type { CancellationReason, RetentionOfferId } from "../schemas/subscription";

/** Labels of the cancellation reasons, as shown and as sent to the server. */
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  "too-expensive": "Too expensive",
  "not-using": "Not using it enough",
  "technical-issues": "Technical issues",
  "found-alternative": "Found a better alternative",
  "temporary-break": "Taking a temporary break",
  other: "Other",
};

/** A retention offer (50% off for 3 months; pause for 3 months). */
interface RetentionOffer {
  /** What `POST /api/subscription/offer` records (`docs/api.md`). */
  id: RetentionOfferId;
  title: string;
  description: string;
  cta: string;
}

const DISCOUNT: RetentionOffer = {
  id: "half-price-3-months",
  title: "50% off for 3 months",
  description: "Stay on Premium for half the price for the next 3 months.",
  cta: "Accept 50% off",
};
const PAUSE: RetentionOffer = {
  id: "pause-3-months",
  title: "Pause for 3 months",
  description: "Keep your history and settings; your subscription resumes after 3 months.",
  cta: "Pause my subscription",
};

/**
 * The reasons that come with a retention offer (`docs/product.md`: too-expensive, not-using,
 * technical-issues, temporary-break). The other reasons go straight to feedback.
 */
export const RETENTION_OFFERS: Partial<Record<CancellationReason, RetentionOffer>> = {
  "too-expensive": DISCOUNT,
  "not-using": PAUSE,
  "technical-issues": {
    ...DISCOUNT,
    description: "Let us fix what went wrong: priority support, and half the price for the next 3 months.",
  },
  "temporary-break": PAUSE,
};

/** Each offer's name as the user and the admin read it ('50% off for 3 months'). */
export const RETENTION_OFFER_TITLES: Record<RetentionOfferId, string> = {
  "half-price-3-months": DISCOUNT.title,
  "pause-3-months": PAUSE.title,
};
