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
    expect(await screen.findByRole("heading", { name: "Subscription" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    expect(screen.getByText("Free Plan")).toBeTruthy();
    expect(screen.getByText(/Trial · 5 days left/)).toBeTruthy();
    expect(screen.getByText("calmcoder")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Free" })).getByText("7-day history")).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByText("Priority support")).toBeTruthy();
    expect(screen.getByText(/activates Premium within 24 hours of payment/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toMatch(/^mailto:/);
  });

  it("shows 'Premium' for premium users, without an upgrade button", async () => {
    mockFetch(loggedIn({ ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" }));
    renderRoute("/subscription");
    expect(await screen.findByText("Premium", { selector: "span" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).toBeNull();
  });

  it("opens the payment link in the tab opened by the click", async () => {
    const tab = fakeTab();
    mockFetch({ ...loggedIn(TRIAL), "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: "https://example.com/pay" } } });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Complete your payment")).toBeTruthy();
    expect(tab.location.href).toBe("https://example.com/pay");
  });

  it("shows the server's message, or the spec's fallback, when the upgrade fails", async () => {
    const tab = fakeTab();
    mockFetch({ ...loggedIn(TRIAL), "POST /api/subscription/upgrade": { status: 500, text: "" } });
    renderRoute("/subscription");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Failed to process subscription upgrade. Please try again.")).toBeTruthy();
    expect(screen.getByText("Error")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("sends logged-out visitors to /auth", async () => {
    mockFetch(loggedOut());
    renderRoute("/subscription");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
  });
});
