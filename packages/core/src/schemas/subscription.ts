import { z } from "zod";
import { positiveIdParam } from "./ids";
import { showsWhatItSays } from "./plainText";
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from "./user";

/** Cancellation reasons, in the order the dialog lists them. */
export const CANCELLATION_REASONS = [
  "too-expensive",
  "not-using",
  "technical-issues",
  "found-alternative",
  "temporary-break",
  "other",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/**
 * Body of `POST /api/subscription/cancel` (`docs/api.md`): reason, feedback, and the
 * email-for-updates. `reason` is the reason's label as shown to the user.
 */
export const cancelSubscriptionBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Please select a reason for cancelling")
    .max(200)
    .refine(...showsWhatItSays("Reason")),
  feedback: z
    .string()
    .max(5000, "Feedback must be at most 5000 characters")
    .refine(...showsWhatItSays("Feedback"))
    .optional()
    .default(""),
  email: z.union([z.literal(""), z.email("Please enter a valid email address")]).optional(),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;

/**
 * Response of `POST /api/subscription/upgrade` (`docs/api.md`): the request is always recorded
 * (`requested: true`); `paypalUrl` is the payment link to open, or null when the server has no
 * PAYMENT_URL and the team gets in touch instead.
 */
export const upgradeResponseSchema = z.object({ paypalUrl: z.string().nullable(), requested: z.literal(true) });
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;

/**
 * The retention offers a cancelling user can accept (`docs/product.md`, Offers and upgrade
 * requests): half the price for 3 months, or a 3-month pause.
 */
const RETENTION_OFFER_IDS = ["half-price-3-months", "pause-3-months"] as const;
export type RetentionOfferId = (typeof RETENTION_OFFER_IDS)[number];

/** Body of `POST /api/subscription/offer` (`docs/api.md`): which offer the user accepts. */
export const acceptOfferBodySchema = z.object({
  offer: z.enum(RETENTION_OFFER_IDS, { message: "Please choose one of the offers" }),
});

/**
 * An accepted retention offer: which, when it was accepted and when the team applied it
 * (ISO 8601; `appliedAt` null while it waits).
 */
const acceptedOfferSchema = z.object({
  offer: z.enum(RETENTION_OFFER_IDS),
  acceptedAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type AcceptedOffer = z.infer<typeof acceptedOfferSchema>;

/**
 * Response of `GET /api/subscription` and `POST /api/subscription/offer` (`docs/api.md`): what the
 * user asked for that waits on the team: the last upgrade request (ISO 8601, null once activated
 * or never asked) and the accepted retention offer, if any.
 */
export const subscriptionRequestsSchema = z.object({
  upgradeRequestedAt: z.string().nullable(),
  offer: acceptedOfferSchema.nullable(),
});
export type SubscriptionRequests = z.infer<typeof subscriptionRequestsSchema>;

/** `{userId}` path parameter of the admin calls (`docs/api.md`): a positive integer. */
export const userIdParamsSchema = z.object({
  userId: positiveIdParam("Please enter a valid user ID"),
});

/**
 * A user's last self-service cancellation as the admin reads it (`docs/product.md`, People and
 * plans): the reason's label, the feedback they wrote ("" when none) and when (ISO 8601).
 */
const cancellationFeedbackSchema = z.object({
  reason: z.string(),
  feedback: z.string(),
  cancelledAt: z.string(),
});

/** One row of `GET /api/admin/users` (`docs/api.md`). */
const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  /** When the user last asked to upgrade (ISO 8601), null once activated or never asked. */
  upgradeRequestedAt: z.string().nullable().optional(),
  /** The retention offer the user accepted, for the team to apply; null when none. */
  offer: acceptedOfferSchema.nullable().optional(),
  /** The user's last self-service cancellation, with its feedback; null when they never cancelled. */
  cancellation: cancellationFeedbackSchema.nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** `GET /api/admin/users` answers the list itself. */
export const adminUsersResponseSchema = z.array(adminUserSchema);
