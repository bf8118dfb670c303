import { messageResponseSchema, passwordResetCheckResponseSchema, passwordResetCompleteResponseSchema, passwordResetOptionsSchema, type PasswordResetOptions, type User } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { onSignedIn } from "@/runtime/auth";

/**
 * The password reset calls of the "Forgot password?" and "New password" pages (`docs/api.md`,
 * Password reset; rules in `docs/product.md`, Forgotten password).
 */

/** Query key (and GET path) of whether this server mails reset links. */
export const PASSWORD_RESET_OPTIONS_KEY = ["/api/password-reset"] as const;

/** `GET /api/password-reset` → `{ byEmail }`: whether "Forgot password?" can send a mail here. */
export function usePasswordResetOptions() {
  return useQuery({
    queryKey: PASSWORD_RESET_OPTIONS_KEY,
    queryFn: async ({ signal }): Promise<PasswordResetOptions> => passwordResetOptionsSchema.parse(await api.get("/api/password-reset", { signal })),
    staleTime: Infinity,
  });
}

/** `POST /api/password-reset/request` `{ login }` → the server's answer to show (the same for every account). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (login: string) => messageResponseSchema.parse(await api.post("/api/password-reset/request", { login })).message,
  });
}

/** Whether a link still works: until when, or `dead` with the server's message. */
export type ResetLinkState = { kind: "working"; expiresAt: Date } | { kind: "dead"; message: string };

/**
 * `POST /api/password-reset/check` `{ token }` for the token of the page's link; a 400 or 410
 * is a dead link (the server's one message), anything else an error to retry.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ["/api/password-reset/check", token],
    queryFn: async (): Promise<ResetLinkState> => {
      try {
        const { expiresAt } = passwordResetCheckResponseSchema.parse(await api.post("/api/password-reset/check", { token }));
        return { kind: "working", expiresAt: new Date(expiresAt) };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 400 || error.status === 410) && error.serverMessage) {
          return { kind: "dead", message: error.serverMessage };
        }
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * `POST /api/password-reset/complete` `{ token, password }` → the user, who is then the signed-in
 * user of this browser (the server signed every other login out).
 */
export function useCompletePasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { token: string; password: string }): Promise<User> =>
      passwordResetCompleteResponseSchema.parse(await api.post("/api/password-reset/complete", body)).user,
    onSuccess: (user) => onSignedIn(client, user),
  });
}
