export { cancellationMachine, CANCEL_CONFIRMATION_WORD, type CancellationMachine } from "./machine";
export { CANCELLATION_REASON_LABELS, RETENTION_OFFER_TITLES, RETENTION_OFFERS, type RetentionOffer } from "./offers";
export type * from "./types";
