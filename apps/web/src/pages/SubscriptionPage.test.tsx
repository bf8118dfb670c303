import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute, serverConfig } from "@/test/render";

const TRIAL = { ...TEST_USER, trialEndDate: new Date(Date.now() + 4.2 * 86_400_000).toISOString() };
const NO_REQUESTS = { "GET /api/subscription": { status: 200, body: { upgradeRequestedAt: null, offer: null } } };

function fakeTab() {
  const tab = { opener: {}, closed: false, close: vi.fn(), location: { href: "" }, document: { title: "", body: { textContent: "" } } };
  vi.stubGlobal("open", vi.fn(() => tab));
  return tab;
}

beforeEach(() => window.localStorage.clear());

describe("/subscription", () => {
  it("shows the plan badge with the username, the trial's days left, plans, payment information and support", async () => {
    mockFetch({ ...loggedIn(TRIAL), ...serverConfig({ trialDays: 21, supportEmail: "help@focus.example", paymentConfigured: true }), ...NO_REQUESTS });
    renderRoute("/subscription");
    expect(await screen.findByRole("heading", { name: "Subscription" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    // The badge reads exactly 'Trial'; the status says the trial runs, with the days left and its end.
    expect(screen.getByTestId("plan-badge").textContent).toBe("Trial");
    expect(screen.getByTestId("plan-status").textContent).toBe("Trial · 5 days left");
    expect(screen.getByText(/Plan status:/).textContent).toMatch(/^Plan status: Trial · 5 days left · Trial ends /);
    expect(within(screen.getByRole("main")).getByText("calmcoder")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("Statistics of the last 7 days")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByText("Priority support")).toBeTruthy();
    // The trial already runs: the cards say what comes after it, and offer no trial.
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("What you keep after your trial, free for as long as you like.")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("After your trial")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByText("Keep everything after your trial.")).toBeTruthy();
    expect(screen.queryByText(/free trial/i)).toBeNull();
    // Upgrading says it is a payment request before the click.
    const upgrade = screen.getByRole("button", { name: "Upgrade to Premium" });
    expect(upgrade.getAttribute("aria-describedby")).toBe("plan-premium-note");
    expect(await screen.findByText("This sends a payment request: the payment page opens in a new tab. An admin switches Premium on within 24 hours of payment.")).toBeTruthy();
    expect(screen.getAllByText(/activates Premium within 24 hours of payment/).length).toBeGreaterThan(0);
    expect(screen.getByText(/payment provider's link, which opens in a new tab/)).toBeTruthy();
    // Support writes to the server's SUPPORT_EMAIL.
    expect(screen.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("mailto:help@focus.example?subject=Subscription%20help");
  });

  it("shows 'Premium' for premium users, without an upgrade button, and with 'Cancel subscription' opening the cancellation flow", async () => {
    mockFetch(loggedIn({ ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" }));
    renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Premium");
    expect(screen.getByText(/Plan status:/).textContent).toBe("Plan status: Active");
    expect(screen.queryByText(/days? left/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel subscription" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("shows the Free plan after a cancellation and once a trial has run out, each with why", async () => {
    mockFetch(loggedIn({ ...TEST_USER, subscriptionPlan: "free", subscriptionStatus: "cancelled" }));
    const first = renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Free Plan");
    expect(screen.getByTestId("plan-status").textContent).toBe("Free · Premium cancelled");
    expect(screen.getByRole("button", { name: "Upgrade to Premium" })).toBeTruthy();
    first.unmount();

    mockFetch({ ...loggedIn({ ...TRIAL, trialEndDate: new Date(Date.now() - 86_400_000).toISOString() }), ...serverConfig({ trialDays: 1 }) });
    renderRoute("/subscription");
    expect((await screen.findByTestId("plan-badge")).textContent).toBe("Free Plan");
    expect(screen.getByTestId("plan-status").textContent).toBe("Free · trial ended");
    expect(screen.getByTestId("plan-line").textContent).toBe("Free");
    expect(screen.queryByText(/days? left/)).toBeNull();
    // A user whose trial ended is never offered a trial again (with any TRIAL_DAYS).
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("Current plan")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Add your username \(calmcoder\)/)).toBeTruthy());
    expect(screen.queryByText(/free trial|day trial/i)).toBeNull();
  });

  it("shows a pending offer, then an applied one, and the upgrade request with its date", async () => {
    const requests = (appliedAt: string | null) => ({
      "GET /api/subscription": {
        status: 200,
        body: {
          upgradeRequestedAt: "2026-11-26T09:30:00.000Z",
          offer: { offer: "half-price-3-months", acceptedAt: "2026-11-26T09:40:00.000Z", appliedAt },
        },
      },
    });
    mockFetch({ ...loggedIn(TRIAL), ...serverConfig(), ...requests(null) });
    const first = renderRoute("/subscription");
    const list = await screen.findByRole("list", { name: "Your requests" });
    expect(within(list).getByText("Offer pending")).toBeTruthy();
    expect(within(list).getByText(/^50% off for 3 months, accepted .*Our team will apply it to your account\.$/)).toBeTruthy();
    expect(within(list).getByText("Upgrade requested")).toBeTruthy();
    expect(within(list).getByText(/We'll email you at calm@example.com with how to pay.*Write to support@focusflow.test\./)).toBeTruthy();
    first.unmount();

    mockFetch({ ...loggedIn(TRIAL), ...serverConfig(), ...requests("2026-11-27T10:00:00.000Z") });
    renderRoute("/subscription");
    const applied = await screen.findByRole("list", { name: "Your requests" });
    expect(within(applied).getByText("Offer applied")).toBeTruthy();
    expect(within(applied).queryByText("Offer pending")).toBeNull();
  });

  it("opens the payment link in the tab opened by the click", async () => {
    const tab = fakeTab();
    mockFetch({
      ...loggedIn(TRIAL),
      ...serverConfig({ paymentConfigured: true }),
      "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: "https://example.com/pay", requested: true } },
    });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Complete your payment")).toBeTruthy();
    expect(tab.location.href).toBe("https://example.com/pay");
  });

  it("says the upgrade was requested, and opens no tab, when the server has no payment link", async () => {
    const tab = fakeTab();
    const fetchMock = mockFetch({
      ...loggedIn(TRIAL),
      ...serverConfig(),
      ...NO_REQUESTS,
      "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: null, requested: true } },
    });
    renderRoute("/subscription");
    // The payment information says how it works without a link.
    expect(await screen.findByText("When you upgrade, we record your request and email you how to pay.")).toBeTruthy();
    const requestsLoads = () => fetchMock.mock.calls.filter(([url]) => url === "/api/subscription").length;
    const before = requestsLoads();
    await userEvent.setup().click(screen.getByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Upgrade requested")).toBeTruthy();
    expect(
      screen.getByText(
        "We'll email you at calm@example.com with how to pay, and an admin activates Premium within 24 hours of payment. Questions? Write to support@focusflow.test.",
      ),
    ).toBeTruthy();
    expect(window.open).not.toHaveBeenCalled();
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.queryByText("Error")).toBeNull();
    // The page reloads the requests, so the request shows under the plan.
    await waitFor(() => expect(requestsLoads()).toBeGreaterThan(before));
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
    // The failed user load was asked once, not retried (the settings load beside it is another call).
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === "/api/me")).toHaveLength(1);
  });
});
