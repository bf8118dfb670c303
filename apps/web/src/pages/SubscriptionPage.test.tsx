import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

const TRIAL = { ...TEST_USER, trialEndDate: new Date(Date.now() + 4.2 * 86_400_000).toISOString() };

function fakeTab() {
  const tab = { opener: {}, closed: false, close: vi.fn(), location: { href: "" }, document: { title: "", body: { textContent: "" } } };
  vi.stubGlobal("open", vi.fn(() => tab));
  return tab;
}

beforeEach(() => window.localStorage.clear());

describe("/subscription", () => {
  it("shows the plan badge with the username, the trial days left, plans, payment information and support", async () => {
    mockFetch(loggedIn(TRIAL));
    renderRoute("/subscription");
    // The first render in a file also loads the route's chunk, slow on a busy machine.
    expect(await screen.findByRole("heading", { name: "Subscription" }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    // The badge reads exactly 'Trial'; the days left and the end date sit beside it.
    expect(screen.getByTestId("plan-badge").textContent).toBe("Trial");
    expect(screen.getByText("5 days left")).toBeTruthy();
    expect(screen.getByText(/Plan status:/).textContent).toMatch(/^Plan status: Inactive · Trial ends /);
    expect(within(screen.getByRole("main")).getByText("calmcoder")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("7-day history")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByText("Priority support")).toBeTruthy();
    expect(screen.getByText(/activates Premium within 24 hours of payment/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toMatch(/^mailto:/);
  });

  it("shows 'Premium' for premium users, without an upgrade button", async () => {
    mockFetch(loggedIn({ ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" }));
    renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Premium");
    expect(screen.getByText(/Plan status:/).textContent).toBe("Plan status: Active");
    expect(screen.queryByText(/days? left/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
  });

  it("shows 'Free Plan' after a cancellation, and 'Trial' with 'Trial expired' beside it once a trial has run out", async () => {
    mockFetch(loggedIn({ ...TEST_USER, subscriptionPlan: "free", subscriptionStatus: "cancelled" }));
    const first = renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Free Plan");
    expect(screen.getByRole("button", { name: "Upgrade to Premium" })).toBeTruthy();
    first.unmount();

    mockFetch(loggedIn({ ...TRIAL, trialEndDate: new Date(Date.now() - 86_400_000).toISOString() }));
    renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Trial");
    expect(screen.getByText("Trial expired")).toBeTruthy();
  });

  it("opens the payment link in the tab opened by the click", async () => {
    const tab = fakeTab();
    mockFetch({ ...loggedIn(TRIAL), "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: "https://example.com/pay" } } });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Complete your payment")).toBeTruthy();
    expect(tab.location.href).toBe("https://example.com/pay");
  });

  it("toasts 'Error' with 'Failed to upgrade subscription' when the server's refusal has no message", async () => {
    const tab = fakeTab();
    mockFetch({ ...loggedIn(TRIAL), "POST /api/subscription/upgrade": { status: 500, text: "" } });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Failed to upgrade subscription")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("toasts the server's message when it refuses the upgrade with one", async () => {
    fakeTab();
    mockFetch({ ...loggedIn(TRIAL), "POST /api/subscription/upgrade": { status: 503, body: { message: "Payments are not configured yet." } } });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Payments are not configured yet.")).toBeTruthy();
  });

  it("toasts 'An unexpected error occurred while upgrading subscription' when the server cannot be reached", async () => {
    const tab = fakeTab();
    const fetchMock = mockFetch(loggedIn(TRIAL));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/subscription/upgrade") throw new TypeError("Failed to fetch");
      return answer(input, init);
    });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("An unexpected error occurred while upgrading subscription")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("sends logged-out visitors to /auth", async () => {
    mockFetch(loggedOut());
    renderRoute("/subscription");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
  });

  it("shows 'Failed to fetch user information' with Retry, not /auth, when the user cannot be loaded", async () => {
    const fetchMock = mockFetch({ "GET /api/me": { status: 500, text: "" } });
    renderRoute("/subscription");
    expect(await screen.findByText("Failed to fetch user information")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Create your account" })).toBeNull();
    mockFetch(loggedIn(TRIAL));
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Trial");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
