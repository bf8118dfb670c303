export { cancellationMachine, CANCEL_CONFIRMATION_WORD } from "./machine";
export { CANCELLATION_REASON_LABELS, RETENTION_OFFER_TITLES, RETENTION_OFFERS } from "./offers";
export type * from "./types";
