import { type AcceptOfferRequest, type CancelRequest } from "@focus/core/cancellation";
import { subscriptionRequestsSchema, upgradeResponseSchema, userResponseSchema, userSchema, type SubscriptionRequests, type UpgradeResponse, type LoginForm, type RegisterForm, type User } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/api";
import { endedElsewhere, forgetSignedIn, rememberSignedIn, signedInUserId } from "@/runtime/sessionEnded";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import { forgetAccountInBrowser, sendBeforeSignOut } from "@/runtime/signOut";
import { clearApiCache } from "@/lib/apiCache";
import { BRAND_NAME } from "@/lib/brand";
import { GUEST_USER, isGuestMode, setGuestMode } from "@/lib/guest";
import { queryKeys } from "@/lib/queryKeys";

/**
 * Session state (auth calls and their messages, `docs/api.md`). The current user lives in the query
 * cache under `queryKeys.me`; login and register write it, logout refetches it.
 */

/** The text shown when loading the current user fails with anything but 401. */
export const USER_LOAD_ERROR = "Failed to fetch user information";

/**
 * Loads the current user. On 401 (no server session) it is the guest user when this browser
 * is in guest mode (lib/guest.ts), else `null`; throws on any other failure. A session that
 * ended elsewhere (`sessionEnded.ts`) has its user's traces forgotten here first.
 */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    const { user } = userResponseSchema.parse(await api.get("/api/me", { signal }));
    rememberSignedIn(user.id);
    return user;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    const ended = endedElsewhere();
    if (ended !== null) await forgetAccountInBrowser(ended, { keepWaitingWrites: true });
    return isGuestMode() ? GUEST_USER : null;
  }
}

/** The text to show for a failed auth call: the server's message, else `fallback`, else `unexpected`. */
export function authErrorMessage(error: unknown, fallback: string, unexpected: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return unexpected;
}

/** The per-user storage name of the user as `/api/me` last answered (`userStorage.ts`). */
const SAVED_USER = "me";

/**
 * The user to draw the first frame with while `/api/me` is on its way (`docs/offline.md`, The
 * first frame): the one this browser last loaded while signed in (kept per user, so signing out
 * forgets it), the guest in guest mode, else undefined (a visitor waits for the answer).
 */
export function savedUser(): User | undefined {
  const id = signedInUserId();
  if (id !== null) {
    try {
      const saved = userSchema.safeParse(JSON.parse(readUserValue(id, SAVED_USER) ?? "null"));
      if (saved.success && saved.data.id === id && !saved.data.isGuest) return saved.data;
    } catch {
      // A copy that no longer parses: wait for the server.
    }
    return undefined;
  }
  return isGuestMode() ? GUEST_USER : undefined;
}

/**
 * The current user. Until `/api/me` first answers, the saved user (`savedUser`) stands in, so a
 * returning user's page draws at once; the answer replaces it (null on 401: signed out).
 * `isLoading` is true only while there is neither; `isAuthenticated` excludes guests (guests are
 * not counted as authenticated). `loadFailed` is true when the user could not be loaded for
 * another reason than "not logged in" (a 401 is logged out): the screen then shows
 * USER_LOAD_ERROR with `retry` instead of sending the visitor away.
 */
export function useUser() {
  const query = useQuery({ queryKey: queryKeys.me, queryFn: fetchCurrentUser, placeholderData: savedUser });
  const user = query.data ?? null;
  const answered = query.isPlaceholderData ? null : user;
  useEffect(() => {
    if (answered && !answered.isGuest) writeUserValue(answered.id, SAVED_USER, JSON.stringify(answered));
  }, [answered]);
  const loadFailed = query.isError && user === null;
  return {
    user,
    isLoading: query.isPending || (loadFailed && query.isFetching),
    isAuthenticated: user !== null && !user.isGuest,
    loadFailed,
    error: query.error,
    retry: () => void query.refetch(),
  };
}

/**
 * Account actions a guest or a visitor cannot take (`docs/product.md`, People and plans). The UI
 * hides them from guests; these messages answer anyone who reaches them all the same.
 */
export const LOGIN_REQUIRED = {
  updateEmail: "You must be logged in to update your email",
  updatePassword: "You must be logged in to update your password",
  upgrade: "You must be logged in to upgrade your subscription",
  cancel: "You must be logged in to cancel your subscription",
  offer: "You must be logged in to accept an offer",
} as const;

/**
 * A refused or failed account action. `message` is the text to show: a guest block, the server's
 * message or the product's fallback (`kind` "server"), or the product's "unexpected" text when the
 * server could not be reached or answered nonsense (`kind` "unexpected").
 */
export class AccountActionError extends Error {
  override readonly name = "AccountActionError";

  /** Builds the error; `message` is already the text to show. */
  constructor(
    message: string,
    readonly kind: "loginRequired" | "server" | "unexpected",
  ) {
    super(message);
  }
}

/** Throws the guest block `message` unless `user` is a logged-in, non-guest user. */
function requireAccount(user: User | null | undefined, message: string): void {
  if (!user || user.isGuest) throw new AccountActionError(message, "loginRequired");
}

/** Runs `call`, turning its failure into an AccountActionError with the product's texts. */
async function accountCall<T>(call: () => Promise<T>, fallback: string, unexpected: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw new AccountActionError(error.serverMessage ?? fallback, "server");
    throw new AccountActionError(unexpected, "unexpected");
  }
}

/** `PUT /api/user/email` `{ email, currentPassword }` for `user` → the updated user. Guests: 'You must be logged in to update your email'. */
export async function updateEmail(user: User | null | undefined, body: { email: string; currentPassword: string }): Promise<User> {
  requireAccount(user, LOGIN_REQUIRED.updateEmail);
  return accountCall(
    async () => userResponseSchema.parse(await api.put("/api/user/email", body)).user,
    "Failed to update email",
    "An unexpected error occurred while updating email",
  );
}

/** `PUT /api/user/password` for `user`. Guests: 'You must be logged in to update your password'. */
export async function updatePassword(user: User | null | undefined, body: { currentPassword: string; newPassword: string }): Promise<void> {
  requireAccount(user, LOGIN_REQUIRED.updatePassword);
  await accountCall(() => api.put("/api/user/password", body), "Failed to update password", "An unexpected error occurred while updating password");
}

/**
 * `POST /api/subscription/upgrade` for `user` → `{ paypalUrl, requested }` (`docs/api.md`): the
 * request is recorded; `paypalUrl` is the payment link, or null when the team writes instead.
 * Guests and visitors: 'You must be logged in to upgrade your subscription' (upgrade requires a
 * logged-in non-guest user); no message from the server: 'Failed to upgrade subscription'.
 */
export async function upgradeSubscription(user: User | null | undefined): Promise<UpgradeResponse> {
  requireAccount(user, LOGIN_REQUIRED.upgrade);
  return accountCall(
    async () => upgradeResponseSchema.parse(await api.post("/api/subscription/upgrade")),
    "Failed to upgrade subscription",
    "An unexpected error occurred while upgrading subscription",
  );
}

/**
 * `POST /api/subscription/cancel` for `user` with the reason's label, the feedback and the
 * optional email → the updated user. Guests: 'You must be logged in to cancel your subscription'.
 */
export async function cancelSubscription(user: User | null | undefined, request: CancelRequest): Promise<User> {
  requireAccount(user, LOGIN_REQUIRED.cancel);
  const email = request.email.trim();
  const body = { reason: request.reason, feedback: request.feedback, ...(email ? { email } : {}) };
  return accountCall(
    async () => userResponseSchema.parse(await api.post("/api/subscription/cancel", body)).user,
    "Failed to cancel subscription",
    "An unexpected error occurred while cancelling subscription",
  );
}

/**
 * `POST /api/subscription/offer` for `user`: records the retention offer they accept (`docs/api.md`)
 * → their pending requests. Guests: 'You must be logged in to accept an offer'; no message from
 * the server: 'Failed to accept the offer'.
 */
export async function acceptRetentionOffer(user: User | null | undefined, request: AcceptOfferRequest): Promise<SubscriptionRequests> {
  requireAccount(user, LOGIN_REQUIRED.offer);
  return accountCall(
    async () => subscriptionRequestsSchema.parse(await api.post("/api/subscription/offer", { offer: request.offer })),
    "Failed to accept the offer",
    "An unexpected error occurred while accepting the offer",
  );
}

/** Forgets every cached query but the user, so nothing of the previous account is shown. */
function clearAccountData(client: QueryClient) {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
}

/**
 * Makes `user` the signed-in user of this browser: guest mode off, the previous account's cached
 * data forgotten. Login, registration and a password reset (`features/auth`) end with it. A load
 * of `/api/me` still on its way (the sign-in page is usable before it answers) is called off
 * first: its "nobody" answer, asked before the sign-in, must not replace the user.
 */
export async function onSignedIn(client: QueryClient, user: User): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.me });
  setGuestMode(false);
  rememberSignedIn(user.id);
  clearAccountData(client);
  client.setQueryData(queryKeys.me, user);
}

/**
 * Starts a guest session (`docs/product.md`): stored in this browser only; the returned function
 * switches the cached user to the guest (a load of `/api/me` on its way called off first, as in
 * `onSignedIn`) and resolves once it has.
 */
export function useContinueAsGuest() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: queryKeys.me });
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

/**
 * Registration (`POST /api/register`). Success calls `onRegistered`, then makes the new user the
 * signed-in one and toasts a welcome; failure 'Registration failed'. `onRegistered` runs first on
 * purpose: a per-call `mutate(…, { onSuccess })` runs only after the user cache changed, and by
 * then /auth may already have redirected an authenticated user to /app, unmounting the form and
 * skipping the plan step — a race seen in the e2e runs.
 */
export function useRegister(onRegistered?: (user: User) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password, email }: RegisterForm) =>
      userResponseSchema.parse(await api.post("/api/register", { username, password, email })).user,
    onSuccess: async (user) => {
      onRegistered?.(user);
      await onSignedIn(client, user);
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

/**
 * Logout (`POST /api/logout`): what waits in the outbox is sent first, then every trace of the
 * user leaves this browser (`runtime/signOut.ts`), the user is refetched and 'Logged out' toasts.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const userId = client.getQueryData<User | null>(queryKeys.me)?.id ?? null;
      await sendBeforeSignOut();
      await api.post("/api/logout");
      forgetSignedIn();
      return userId;
    },
    onSuccess: async (userId) => {
      clearAccountData(client);
      // The service worker's copies of this account's answers must not open the app offline.
      await clearApiCache();
      if (userId !== null) await forgetAccountInBrowser(userId);
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
