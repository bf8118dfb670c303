import { describe, expect, it, vi } from "vitest";
import { TEST_USER, mockFetch } from "@/test/render";
import { ApiError } from "@/lib/api";
import { AccountActionError, authErrorMessage, cancelSubscription, fetchCurrentUser, updateEmail, updatePassword, upgradeSubscription } from "./auth";
import { GUEST_USER } from "@/lib/guest";

/** The error an account action rejects with (it must reject). */
async function refusal(promise: Promise<unknown>): Promise<AccountActionError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error("expected the action to be refused");
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AccountActionError);
  return error as AccountActionError;
}

const CANCEL = { reason: "Too expensive", feedback: "", email: "" };

/** Each account action of the auth layer, as called by the settings and subscription screens. */
const ACTIONS = [
  {
    name: "update email",
    call: (user: typeof TEST_USER | null) => updateEmail(user, { email: "new@example.com", currentPassword: "secret-one" }),
    route: "PUT /api/user/email",
    guest: "You must be logged in to update your email",
    fallback: "Failed to update email",
    unexpected: "An unexpected error occurred while updating email",
  },
  {
    name: "update password",
    call: (user: typeof TEST_USER | null) => updatePassword(user, { currentPassword: "secret-one", newPassword: "secret-two" }),
    route: "PUT /api/user/password",
    guest: "You must be logged in to update your password",
    fallback: "Failed to update password",
    unexpected: "An unexpected error occurred while updating password",
  },
  {
    name: "upgrade",
    call: (user: typeof TEST_USER | null) => upgradeSubscription(user),
    route: "POST /api/subscription/upgrade",
    guest: "You must be logged in to upgrade your subscription",
    fallback: "Failed to upgrade subscription",
    unexpected: "An unexpected error occurred while upgrading subscription",
  },
  {
    name: "cancel",
    call: (user: typeof TEST_USER | null) => cancelSubscription(user, CANCEL),
    route: "POST /api/subscription/cancel",
    guest: "You must be logged in to cancel your subscription",
    fallback: "Failed to cancel subscription",
    unexpected: "An unexpected error occurred while cancelling subscription",
  },
] as const;

describe("auth layer account actions", () => {
  for (const action of ACTIONS) {
    it(`refuses to ${action.name} for a guest or a visitor with '${action.guest}', without calling the server`, async () => {
      const fetchMock = mockFetch({});
      for (const user of [GUEST_USER, null]) {
        const error = await refusal(action.call(user));
        expect(error.message).toBe(action.guest);
        expect(error.kind).toBe("loginRequired");
      }
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it(`${action.name}: shows the server's message, else '${action.fallback}', else '${action.unexpected}'`, async () => {
      mockFetch({ [action.route]: { status: 400, body: { message: "Refused by the server" } } });
      expect((await refusal(action.call(TEST_USER))).message).toBe("Refused by the server");

      mockFetch({ [action.route]: { status: 500, text: "" } });
      const fallback = await refusal(action.call(TEST_USER));
      expect(fallback.message).toBe(action.fallback);
      expect(fallback.kind).toBe("server");

      vi.stubGlobal(
        "fetch",
        vi.fn(async () => {
          throw new TypeError("Failed to fetch");
        }),
      );
      const unexpected = await refusal(action.call(TEST_USER));
      expect(unexpected.message).toBe(action.unexpected);
      expect(unexpected.kind).toBe("unexpected");
    });
  }

  it("sends the cancellation's reason and feedback, and the email only when one was given", async () => {
    const fetchMock = mockFetch({ "POST /api/subscription/cancel": { status: 200, body: { user: { ...TEST_USER, subscriptionStatus: "cancelled" } } } });
    const user = await cancelSubscription(TEST_USER, { reason: "Too expensive", feedback: "Pricey", email: "  " });
    expect(user.subscriptionStatus).toBe("cancelled");
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ reason: "Too expensive", feedback: "Pricey" });
  });
});

describe("login and registration messages", () => {
  it("shows the server's message, else 'Login failed' / 'Registration failed', else the unexpected text", () => {
    expect(authErrorMessage(new ApiError(401, "Invalid credentials", "Invalid credentials"), "Login failed", "x")).toBe("Invalid credentials");
    expect(authErrorMessage(new ApiError(500, "500: "), "Login failed", "An unexpected error occurred during login")).toBe("Login failed");
    expect(authErrorMessage(new ApiError(500, "500: "), "Registration failed", "x")).toBe("Registration failed");
    expect(authErrorMessage(new TypeError("Failed to fetch"), "Login failed", "An unexpected error occurred during login")).toBe(
      "An unexpected error occurred during login",
    );
  });
});

describe("loading the current user", () => {
  it("answers null for 401 and throws for any other failure, which the screens show as 'Failed to fetch user information'", async () => {
    mockFetch({ "GET /api/me": { status: 401, body: { message: "Not logged in" } } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    mockFetch({ "GET /api/me": { status: 502, text: "" } });
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(ApiError);
  });
});
