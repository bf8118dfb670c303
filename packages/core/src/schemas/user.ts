import { z } from "zod";

export const SUBSCRIPTION_PLANS = ["free", "premium"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_STATUSES = ["trial", "active", "cancelled", "inactive", "free"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The user as the API returns it. `trialEndDate` is ISO 8601 or null.
 * `isAdmin` is computed by the server from `ADMIN_USERNAME` and used for display only.
 */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isGuest: z.boolean(),
  isAdmin: z.boolean(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialEndDate: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Response of `GET /api/me`, `POST /api/login`, `POST /api/register` (`docs/api.md`). */
export const userResponseSchema = z.object({ user: userSchema });

/** A success answer that only carries a message, e.g. 'Password updated'. */
export const messageResponseSchema = z.object({ message: z.string() });
