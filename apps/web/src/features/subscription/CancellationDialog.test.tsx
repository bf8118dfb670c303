import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { SYNC_FEATURE } from "@focus/core/subscription";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_USER, loggedIn, mockFetch, renderRoute, type FakeResponse } from "@/test/render";

const PREMIUM = { ...TEST_USER, subscriptionPlan: "premium" as const, subscriptionStatus: "active" as const };
const CANCELLED = { ...TEST_USER, subscriptionPlan: "free" as const, subscriptionStatus: "cancelled" as const };
const base = { ...loggedIn(PREMIUM), "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS } };

beforeEach(() => window.localStorage.clear());

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Cancel subscription" }));
  const dialog = await screen.findByRole("dialog");
  return { user, dialog };
}

describe("cancellation dialog", () => {
  it("walks reason → offer → feedback → warning → typed CANCEL, then cancels and toasts", async () => {
    const routes: Record<string, FakeResponse> = { ...base, "POST /api/subscription/cancel": { status: 200, body: { user: CANCELLED } } };
    const fetchMock = mockFetch(routes);
    renderRoute("/settings");
    const { user, dialog } = await openDialog();

    // A reason is required before continuing.
    const continueButton = within(dialog).getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    expect(within(dialog).getAllByRole("radio")).toHaveLength(6);
    expect(continueButton.disabled).toBe(true);
    await user.click(within(dialog).getByRole("radio", { name: "Too expensive" }));
    expect(continueButton.disabled).toBe(false);
    await user.click(continueButton);

    // Retention offer for an offer reason; declining leads to feedback.
    expect(await within(dialog).findByText("50% off for 3 months")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "No thanks, continue cancelling" }));
    await user.type(within(dialog).getByLabelText("Feedback (optional)"), "Too pricey for me");
    await user.type(within(dialog).getByLabelText("Email for updates (optional)"), "calm@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    // Final warning: what Premium adds over Free, never the sync every plan keeps.
    expect(within(dialog).getByRole("heading", { name: "You will lose Premium" })).toBeTruthy();
    expect(within(dialog).getByText("Statistics of your whole history")).toBeTruthy();
    expect(within(dialog).queryByText(SYNC_FEATURE)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    const confirm = within(dialog).getByRole("button", { name: "Cancel Subscription" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = within(dialog).getByLabelText("Type CANCEL to confirm");
    await user.type(input, "cancel");
    expect(confirm.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, "CANCEL");
    expect(confirm.disabled).toBe(false);
    // From now on the server has the user on Free.
    Object.assign(routes, loggedIn(CANCELLED));
    await user.click(confirm);

    expect(await screen.findByText("Subscription Cancelled")).toBeTruthy();
    expect(screen.getByText(/^You're on Free now: 2 focus sessions a day/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/subscription/cancel");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: "Too expensive", feedback: "Too pricey for me", email: "calm@example.com" });
    // The user is refetched after cancelling.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === "/api/me").length).toBeGreaterThan(1));
  });

  it("records the accepted offer, says 'Offer accepted' (not applied) and shows it pending in Settings, cancelling nothing", async () => {
    const accepted = { offer: "pause-3-months", acceptedAt: "2026-11-26T09:40:00.000Z", appliedAt: null };
    const routes: Record<string, FakeResponse> = {
      ...base,
      "GET /api/subscription": { status: 200, body: { upgradeRequestedAt: null, offer: null } },
      "POST /api/subscription/offer": { status: 200, body: { upgradeRequestedAt: null, offer: accepted } },
    };
    const fetchMock = mockFetch(routes);
    renderRoute("/settings");
    const { user, dialog } = await openDialog();
    expect(screen.queryByText("Offer pending")).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "Taking a temporary break" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    // From now on the server holds the offer.
    routes["GET /api/subscription"] = { status: 200, body: { upgradeRequestedAt: null, offer: accepted } };
    await user.click(within(dialog).getByRole("button", { name: "Pause my subscription" }));
    expect(await screen.findByText("Offer accepted")).toBeTruthy();
    expect(screen.getByText("Pause for 3 months is recorded. Our team applies it to your account and tells you here when it's done.")).toBeTruthy();
    expect(screen.queryByText(/Offer Applied/i)).toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const call = fetchMock.mock.calls.find(([url, init]) => url === "/api/subscription/offer" && init?.method === "POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ offer: "pause-3-months" });
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/subscription/cancel")).toBe(false);
    expect(await screen.findByText("Offer pending")).toBeTruthy();
  });

  it("stays on the offer with the server's message when it refuses the offer", async () => {
    mockFetch({
      ...base,
      "POST /api/subscription/offer": { status: 409, body: { message: "You have already accepted Pause for 3 months" } },
    });
    renderRoute("/settings");
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("radio", { name: "Too expensive" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.click(within(dialog).getByRole("button", { name: "Accept 50% off" }));
    expect(await within(dialog).findByText("You have already accepted Pause for 3 months")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Accept 50% off" })).toBeTruthy();
    expect(screen.queryByText("Offer accepted")).toBeNull();
  });

  it("goes straight to feedback for a reason without an offer, and resets when closed", async () => {
    mockFetch(base);
    renderRoute("/settings");
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("radio", { name: "Found a better alternative" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByLabelText("Feedback (optional)")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const again = await openDialog();
    expect(within(again.dialog).getByRole("heading", { name: "Why are you cancelling?" })).toBeTruthy();
    expect(within(again.dialog).getAllByRole("radio").some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it("shows the server's message on the confirmation step when cancelling fails", async () => {
    mockFetch({ ...base, "POST /api/subscription/cancel": { status: 409, body: { message: "You have no active premium subscription to cancel" } } });
    renderRoute("/settings");
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("radio", { name: "Other" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.type(within(dialog).getByLabelText("Type CANCEL to confirm"), "CANCEL");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Subscription" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("You have no active premium subscription to cancel");
    expect(within(dialog).getByLabelText("Type CANCEL to confirm")).toBeTruthy();
  });
});
