import { userResponseSchema, type LoginForm, type RegisterForm, type User } from "@focus/core";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "./api";
import { clearApiCache } from "./apiCache";
import { BRAND_NAME } from "./brand";
import { GUEST_USER, isGuestMode, setGuestMode } from "./guest";
import { queryKeys } from "./queryKeys";

/**
 * Session state (spec §7 auth calls, §8 messages). The current user lives in the query cache
 * under `queryKeys.me`; login and register write it, logout refetches it.
 */

/**
 * Loads the current user. On 401 (no server session) it is the guest user when this browser
 * is in guest mode (lib/guest.ts), else `null`; throws on any other failure.
 */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    return userResponseSchema.parse(await api.get("/api/me", { signal })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return isGuestMode() ? GUEST_USER : null;
    throw error;
  }
}

/** The text to show for a failed auth call: the server's message, else `fallback`, else `unexpected`. */
export function authErrorMessage(error: unknown, fallback: string, unexpected: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return unexpected;
}

/**
 * The current user. `isLoading` is true only on the first load; `isAuthenticated` excludes
 * guests (spec §4: guests are not counted as authenticated). A failed load counts as logged
 * out; `error` holds it.
 */
export function useUser() {
  const query = useQuery({ queryKey: queryKeys.me, queryFn: fetchCurrentUser });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null && !user.isGuest,
    error: query.error,
  };
}

/** Forgets every cached query but the user, so nothing of the previous account is shown. */
function clearAccountData(client: QueryClient) {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
}

function onSignedIn(client: QueryClient, user: User) {
  setGuestMode(false);
  clearAccountData(client);
  client.setQueryData(queryKeys.me, user);
}

/**
 * Starts a guest session (spec §2, §6): stored in this browser only; the returned function
 * switches the cached user to the guest at once.
 */
export function useContinueAsGuest() {
  const client = useQueryClient();
  return () => {
    setGuestMode(true);
    clearAccountData(client);
    client.setQueryData(queryKeys.me, GUEST_USER);
  };
}

/** Login (`POST /api/login`, `username` may be an email). Failure toasts 'Login failed'. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: LoginForm) =>
      userResponseSchema.parse(await api.post("/api/login", { username: form.usernameOrEmail, password: form.password })).user,
    onSuccess: (user) => onSignedIn(client, user),
    onError: (error) => {
      const message = authErrorMessage(error, "Login failed", "An unexpected error occurred during login");
      toast({ title: "Login failed", description: message === "Login failed" ? undefined : message, variant: "destructive" });
    },
  });
}

/** Registration (`POST /api/register`). Success toasts a welcome; failure 'Registration failed'. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password, email }: RegisterForm) =>
      userResponseSchema.parse(await api.post("/api/register", { username, password, email })).user,
    onSuccess: (user) => {
      onSignedIn(client, user);
      toast({ title: "Account created", description: `Welcome to ${BRAND_NAME}, ${user.username}.` });
    },
    onError: (error) => {
      const message = authErrorMessage(error, "Registration failed", "An unexpected error occurred during registration");
      toast({
        title: "Registration failed",
        description: message === "Registration failed" ? undefined : message,
        variant: "destructive",
      });
    },
  });
}

/** Logout (`POST /api/logout`), then the user is refetched (spec §7) and 'Logged out' toasts. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/logout"),
    onSuccess: async () => {
      clearAccountData(client);
      // The service worker's copies of this account's answers must not open the app offline.
      await clearApiCache();
      client.setQueryData(queryKeys.me, null);
      await client.invalidateQueries({ queryKey: queryKeys.me });
      toast({ title: "Logged out", description: "You have been successfully logged out." });
    },
    onError: (error) => {
      toast({
        title: "An unexpected error occurred during logout",
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: "destructive",
      });
    },
  });
}
