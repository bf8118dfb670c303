import { assign, emit, fromPromise, setup } from "xstate";
import type { RetentionOfferId } from "../schemas/subscription";
import { CANCELLATION_REASON_LABELS, RETENTION_OFFERS } from "./offers";
import type { AcceptOfferRequest, CancelRequest, CancellationContext, CancellationEmitted, CancellationEvent } from "./types";

/** The word the user types to confirm; the flow checks it (`docs/product.md`, People and plans). */
export const CANCEL_CONFIRMATION_WORD = "CANCEL";

/**
 * The offer of the chosen reason. Only called in the retention steps, which the `reasonHasOffer`
 * guard lets in only with a reason that has one; the discount stands in for the impossible rest.
 */
function offerOf(context: CancellationContext): RetentionOfferId {
  return (context.reason ? RETENTION_OFFERS[context.reason]?.id : undefined) ?? "half-price-3-months";
}

const EMPTY: CancellationContext = { reason: null, feedback: "", email: "", confirmationText: "", error: null };

/**
 * The subscription cancellation flow (`docs/product.md`, People and plans):
 * closed → reason → retention (only for reasons with an offer) or feedback → finalWarning →
 * confirmation → submitting → closed. Closing at any step resets the flow. Accepting the
 * retention offer records it (retention → acceptingOffer → closed, or back to retention with the
 * server's message). The network calls are the `acceptOffer` and `cancelSubscription` actors,
 * provided by the app.
 * Emits `offerAccepted` ('Offer accepted'), `offerFailed`, `cancelled` ('Subscription Cancelled')
 * and `cancelFailed`, each failure with the server's message.
 */
export const cancellationMachine = setup({
  types: {
    context: {} as CancellationContext,
    events: {} as CancellationEvent,
    emitted: {} as CancellationEmitted,
  },
  actors: {
    cancelSubscription: fromPromise<unknown, CancelRequest>(async () => {
      throw new Error("cancelSubscription is provided by the app");
    }),
    acceptOffer: fromPromise<unknown, AcceptOfferRequest>(async () => {
      throw new Error("acceptOffer is provided by the app");
    }),
  },
  guards: {
    hasReason: ({ context }) => context.reason !== null,
    reasonHasOffer: ({ context }) => context.reason !== null && RETENTION_OFFERS[context.reason] !== undefined,
    confirmationTyped: ({ context }) => context.confirmationText.trim() === CANCEL_CONFIRMATION_WORD,
  },
  actions: {
    reset: assign(() => EMPTY),
    setReason: assign({ reason: ({ context, event }) => (event.type === "SELECT_REASON" ? event.reason : context.reason) }),
    setFeedback: assign({ feedback: ({ context, event }) => (event.type === "SET_FEEDBACK" ? event.feedback : context.feedback) }),
    setEmail: assign({ email: ({ context, event }) => (event.type === "SET_EMAIL" ? event.email : context.email) }),
    setConfirmationText: assign({
      confirmationText: ({ context, event }) => (event.type === "SET_CONFIRMATION_TEXT" ? event.text : context.confirmationText),
    }),
    emitOfferAccepted: emit(({ context }) => ({
      type: "offerAccepted" as const,
      reason: context.reason ?? "other",
      offer: offerOf(context),
    })),
    emitCancelled: emit({ type: "cancelled" as const }),
  },
}).createMachine({
  id: "cancellation",
  context: EMPTY,
  initial: "closed",
  states: {
    closed: {
      entry: "reset",
      on: { OPEN: "reason" },
    },
    reason: {
      on: {
        SELECT_REASON: { actions: "setReason" },
        CONTINUE: [
          { guard: "reasonHasOffer", target: "retention" },
          { guard: "hasReason", target: "feedback" },
        ],
      },
    },
    retention: {
      on: {
        ACCEPT_OFFER: "acceptingOffer",
        DECLINE_OFFER: { target: "feedback", actions: assign({ error: null }) },
      },
    },
    acceptingOffer: {
      entry: assign({ error: null }),
      invoke: {
        src: "acceptOffer",
        input: ({ context }) => ({ offer: offerOf(context) }),
        onDone: { target: "closed", actions: "emitOfferAccepted" },
        onError: {
          target: "retention",
          actions: [
            assign({ error: ({ event }) => offerMessageOf(event.error) }),
            emit(({ event }) => ({ type: "offerFailed" as const, message: offerMessageOf(event.error) })),
          ],
        },
      },
    },
    feedback: {
      on: {
        SET_FEEDBACK: { actions: "setFeedback" },
        SET_EMAIL: { actions: "setEmail" },
        CONTINUE: "finalWarning",
      },
    },
    finalWarning: {
      on: { CONTINUE: "confirmation" },
    },
    confirmation: {
      on: {
        SET_CONFIRMATION_TEXT: { actions: "setConfirmationText" },
        CONFIRM: { guard: "confirmationTyped", target: "submitting" },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: "cancelSubscription",
        input: ({ context }) => ({
          reason: context.reason ? CANCELLATION_REASON_LABELS[context.reason] : "",
          feedback: context.feedback,
          email: context.email,
        }),
        onDone: { target: "closed", actions: "emitCancelled" },
        onError: {
          target: "confirmation",
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: "cancelFailed" as const, message: messageOf(event.error) })),
          ],
        },
      },
    },
  },
  on: {
    CLOSE: ".closed",
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Failed to cancel subscription";
}

/** The text of a failed offer acceptance: the error's message, else a fallback. */
function offerMessageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Failed to accept the offer";
}
