import type { CancellationReason, RetentionOfferId } from "../schemas/subscription";

export interface CancellationContext {
  reason: CancellationReason | null;
  feedback: string;
  /** The optional email for updates, sent with the cancellation. */
  email: string;
  /** What the user typed in the confirmation step; must be CANCEL (`docs/product.md`). */
  confirmationText: string;
  /**
   * The server's message of a failed cancellation (shown on the confirmation step) or of a
   * failed offer acceptance (shown on the retention step).
   */
  error: string | null;
}

export type CancellationEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "SELECT_REASON"; reason: CancellationReason }
  | { type: "CONTINUE" }
  | { type: "ACCEPT_OFFER" }
  | { type: "DECLINE_OFFER" }
  | { type: "SET_FEEDBACK"; feedback: string }
  | { type: "SET_EMAIL"; email: string }
  | { type: "SET_CONFIRMATION_TEXT"; text: string }
  | { type: "CONFIRM" };

/** What the `cancelSubscription` actor receives: the reason's label, feedback, email. */
export interface CancelRequest {
  reason: string;
  feedback: string;
  email: string;
}

/** What the `acceptOffer` actor receives: the offer of the chosen reason. */
export interface AcceptOfferRequest {
  offer: RetentionOfferId;
}

export type CancellationEmitted =
  | { type: "offerAccepted"; reason: CancellationReason; offer: RetentionOfferId }
  | { type: "offerFailed"; message: string }
  | { type: "cancelled" }
  | { type: "cancelFailed"; message: string };
