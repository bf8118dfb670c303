import { adminResetLinkResponseSchema, adminUsersResponseSchema, messageResponseSchema, passwordResetOptionsSchema, type AdminResetLink, type AdminUser } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";

/**
 * The admin page's server calls and their messages (`docs/api.md`). Every action reloads the users
 * list afterwards.
 */

/** The users list, `GET /api/admin/users`. */
export function useAdminUsers() {
  return useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: async ({ signal }): Promise<AdminUser[]> => adminUsersResponseSchema.parse(await api.get("/api/admin/users", { signal })),
  });
}

/** Why the users list did not load: the server's message, else 'Failed to load users list ({status})'. */
export function usersListError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `Failed to load users list (${error.status})`;
  if (error instanceof TypeError) return `Network error: ${error.message}`;
  return "Failed to load users list";
}

export type AdminAction = "activate" | "cancel" | "delete" | "markOfferApplied";

const CALLS: Record<AdminAction, (userId: number) => Promise<unknown>> = {
  activate: (userId) => api.post(`/api/subscription/activate/${userId}`),
  cancel: (userId) => api.post(`/api/subscription/cancel/${userId}`),
  delete: (userId) => api.delete(`/api/admin/users/${userId}`),
  markOfferApplied: (userId) => api.post(`/api/admin/users/${userId}/offer/applied`),
};

const SUCCESS: Record<AdminAction, (userId: number) => string> = {
  activate: (userId) => `Subscription activated for user ID ${userId}`,
  cancel: (userId) => `Subscription cancelled for user ID ${userId}`,
  delete: () => "User deleted successfully",
  markOfferApplied: (userId) => `Offer marked applied for user ID ${userId}`,
};

const FAILURE: Record<AdminAction, string> = {
  activate: "Failed to activate subscription",
  cancel: "Failed to cancel subscription",
  delete: "Failed to delete user",
  markOfferApplied: "Failed to mark the offer applied",
};

/** The server's `{ message }` of a successful action (e.g. "Trial ended for user ID 3"), if it sent one. */
function serverMessage(answer: unknown): string | undefined {
  const parsed = messageResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.message : undefined;
}

/** The text under a failed action's title: the server's message or the network error. */
function failureDetail(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof TypeError) return `Network error: ${error.message}`;
  return undefined;
}

/**
 * Activate, cancel (Premium, or a running trial), delete a user by id, or mark their accepted offer
 * applied. Toasts the success or failure message (the server's, when it gives one) and reloads the list (and the current
 * user, in case the admin changed their own plan).
 */
export function useAdminAction(action: AdminAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => CALLS[action](userId),
    onSuccess: (answer, userId) => {
      toast({ title: serverMessage(answer) ?? SUCCESS[action](userId) });
    },
    onError: (error) => {
      toast({ title: FAILURE[action], description: failureDetail(error), variant: "destructive" });
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.adminUsers }),
        client.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}

/**
 * Whether the admin hands out reset links: true when this server cannot mail them (no SMTP_URL,
 * `GET /api/password-reset` says `byEmail: false`). With mail, users ask for their own.
 */
export function useAdminHandsOutResetLinks(): boolean {
  const options = useQuery({
    queryKey: ["/api/password-reset"],
    queryFn: async ({ signal }) => passwordResetOptionsSchema.parse(await api.get("/api/password-reset", { signal })),
    staleTime: Infinity,
  });
  return options.data?.byEmail === false;
}

/**
 * `POST /api/admin/users/:userId/reset-link` → `{ url, expiresAt }`, a link for the admin to give
 * to the user (`docs/api.md`, Password reset). Failure toasts 'Failed to make a reset link'.
 */
export function useResetLink() {
  return useMutation({
    mutationFn: async (userId: number): Promise<AdminResetLink> => adminResetLinkResponseSchema.parse(await api.post(`/api/admin/users/${userId}/reset-link`)),
    onError: (error) => {
      toast({ title: "Failed to make a reset link", description: failureDetail(error), variant: "destructive" });
    },
  });
}
