import { z } from "zod";
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
  reason: z.string().trim().min(1, "Please select a reason for cancelling").max(200),
  feedback: z.string().max(5000, "Feedback must be at most 5000 characters").optional().default(""),
  email: z.union([z.literal(""), z.email("Please enter a valid email address")]).optional(),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;

/** Response of `POST /api/subscription/upgrade` (`docs/api.md`). */
export const upgradeResponseSchema = z.object({ paypalUrl: z.string() });

/** `{userId}` path parameter of the admin calls (`docs/api.md`): a positive integer. */
export const userIdParamsSchema = z.object({
  userId: z.coerce
    .number({ message: "Please enter a valid user ID" })
    .int("Please enter a valid user ID")
    .positive("Please enter a valid user ID"),
});

/** One row of `GET /api/admin/users` (`docs/api.md`). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  /** When the user last asked to upgrade (ISO 8601), null once activated or never asked. */
  upgradeRequestedAt: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** `GET /api/admin/users` answers the list itself. */
export const adminUsersResponseSchema = z.array(adminUserSchema);
