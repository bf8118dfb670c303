import { PASSWORD_RESET_INVALID_MESSAGE, PASSWORD_RESET_NO_MAIL_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from "@focus/core/schemas";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const TOKEN = "t".repeat(43);
const byEmail = (yes: boolean) => ({ "GET /api/password-reset": { status: 200, body: { byEmail: yes } } });
const sent = { "POST /api/password-reset/request": { status: 200, body: { message: PASSWORD_RESET_SENT_MESSAGE } } };
const working = { "POST /api/password-reset/check": { status: 200, body: { expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() } } };
const dead = { "POST /api/password-reset/check": { status: 410, body: { message: PASSWORD_RESET_INVALID_MESSAGE } } };
const support = { "GET /api/config": { status: 200, body: { interviewUrl: null, trialDays: 14, supportEmail: "help@focus.test", paymentConfigured: false } } };

/** The JSON bodies the app posted to `path`. */
function postedTo(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe("Forgot password?", () => {
  it("leads from the sign-in form to a form that gives the same neutral answer and says what to do next", async () => {
    const fetchMock = mockFetch({ ...loggedOut(), ...byEmail(true), ...sent });
    renderRoute("/auth?tab=login");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Username or email must be at least 3 characters")).toBeTruthy();
    await user.type(screen.getByLabelText("Username or Email"), "calmcoder");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(PASSWORD_RESET_SENT_MESSAGE)).toBeTruthy();
    expect(postedTo(fetchMock, "/api/password-reset/request")).toEqual([{ login: "calmcoder" }]);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
  });

  it("says to ask the admin when the server cannot send mail, with a way to write to support", async () => {
    mockFetch({ ...loggedOut(), ...byEmail(false), ...support });
    renderRoute("/forgot-password");
    expect(await screen.findByText(PASSWORD_RESET_NO_MAIL_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send reset link" })).toBeNull();
    expect((await screen.findByRole("link", { name: "Contact support" })).getAttribute("href")).toBe("mailto:help@focus.test?subject=Password%20reset%20link");
  });

  it("shows the server's message when the address is rate limited", async () => {
    mockFetch({
      ...loggedOut(),
      ...byEmail(true),
      "POST /api/password-reset/request": { status: 429, body: { message: "Too many attempts, please try again in 15 minutes" } },
    });
    renderRoute("/forgot-password");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username or Email"), "calmcoder");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Too many attempts, please try again in 15 minutes");
  });
});

describe("the reset link's page", () => {
  it("takes the token from the fragment, checks it, and sets the new password with registration's rules", async () => {
    const fetchMock = mockFetch({
      ...loggedOut(),
      ...working,
      "POST /api/password-reset/complete": { status: 200, body: { user: TEST_USER } },
      "GET /api/config": { status: 200, body: { interviewUrl: null, trialDays: 14, supportEmail: "s@x.test", paymentConfigured: false } },
    });
    renderRoute(`/reset-password#${TOKEN}`);
    const user = userEvent.setup();
    const password = await screen.findByLabelText("New password");
    expect(postedTo(fetchMock, "/api/password-reset/check")).toEqual([{ token: TOKEN }]);
    await user.type(password, "abc");
    await user.type(screen.getByLabelText("Confirm new password"), "abcd");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findAllByText("Password must be at least 6 characters")).toHaveLength(2);
    await user.clear(password);
    await user.type(password, "a-new-secret");
    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "a-new-secreT");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    await user.clear(password);
    await user.type(password, "a-new-secret");
    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "a-new-secret");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(postedTo(fetchMock, "/api/password-reset/complete")).toEqual([{ token: TOKEN, password: "a-new-secret" }]);
    expect(await screen.findByText("Password changed")).toBeTruthy();
  });

  it("gives an expired, used or unknown link one message and a way to ask for a new one", async () => {
    mockFetch({ ...loggedOut(), ...dead, ...byEmail(true), ...support });
    renderRoute(`/reset-password#${TOKEN}`);
    expect((await screen.findByRole("alert")).textContent).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    expect((await screen.findByRole("link", { name: "Contact support" })).getAttribute("href")).toContain("mailto:help@focus.test?subject=");
    await userEvent.setup().click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeTruthy();
  });

  it("gives the same message for a link without a token, without asking the server", async () => {
    const fetchMock = mockFetch({ ...loggedOut() });
    renderRoute("/reset-password");
    expect((await screen.findByRole("alert")).textContent).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    expect(postedTo(fetchMock, "/api/password-reset/check")).toEqual([]);
  });
});

describe("the admin's Reset link", () => {
  const ADMIN = { ...TEST_USER, id: 1, username: "admin", email: null, isAdmin: true };
  const ROWS = [
    { id: 3, username: "forgetful", email: "forgetful@example.com", trialEndDate: null, subscriptionStatus: "trial", subscriptionPlan: "free", upgradeRequestedAt: null, offer: null },
    { id: 1, username: "admin", email: null, trialEndDate: null, subscriptionStatus: "active", subscriptionPlan: "premium", upgradeRequestedAt: null, offer: null },
  ];
  const admin = { ...loggedIn(ADMIN), "GET /api/admin/users": { status: 200, body: ROWS } };

  it("makes a link on the server and shows it with a Copy button when the server cannot mail", async () => {
    const url = `/reset-password#${TOKEN}`;
    mockFetch({
      ...admin,
      ...byEmail(false),
      "POST /api/admin/users/3/reset-link": { status: 201, body: { url, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() } },
    });
    // user-event puts a clipboard of its own in place of the browser's.
    const user = userEvent.setup();
    renderRoute("/admin");
    await user.click(await screen.findByRole("button", { name: "Reset link for forgetful" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset link for forgetful" });
    const shown = `${window.location.origin}${url}`;
    expect((within(dialog).getByLabelText("Link") as HTMLInputElement).value).toBe(shown);
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(shown);
    expect(within(dialog).getByRole("button", { name: "Copied" })).toBeTruthy();
    // Never on the admin's own row.
    expect(screen.queryByRole("button", { name: "Reset link for admin" })).toBeNull();
  });

  it("is offered only for users without an email when the server mails reset links", async () => {
    const noEmail = { ...ROWS[0], id: 5, username: "mailless", email: null };
    mockFetch({ ...admin, ...byEmail(true), "GET /api/admin/users": { status: 200, body: [noEmail, ...ROWS] } });
    renderRoute("/admin");
    expect(await screen.findByText("forgetful")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reset link for forgetful" })).toBeNull();
    expect(screen.getByRole("button", { name: "Reset link for mailless" })).toBeTruthy();
  });
});
