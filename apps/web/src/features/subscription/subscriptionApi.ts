import { upgradeResponseSchema, userResponseSchema, type CancelRequest, type User } from "@focus/core";
import { ApiError, api } from "@/lib/api";

/** `POST /api/subscription/upgrade` → the payment link (spec §7). */
export async function requestUpgrade(): Promise<{ paypalUrl: string }> {
  return upgradeResponseSchema.parse(await api.post("/api/subscription/upgrade"));
}

/** `POST /api/subscription/cancel` with the reason's label, feedback and email → the updated user. */
export async function cancelOwnSubscription(request: CancelRequest): Promise<User> {
  const body = { reason: request.reason, feedback: request.feedback, ...(request.email.trim() ? { email: request.email.trim() } : {}) };
  try {
    return userResponseSchema.parse(await api.post("/api/subscription/cancel", body)).user;
  } catch (error) {
    // The dialog shows the error's message (spec §8): the server's, else the spec's fallbacks.
    if (error instanceof ApiError) throw new Error(error.serverMessage ?? "Failed to cancel subscription");
    throw new Error("An unexpected error occurred while cancelling subscription");
  }
}
