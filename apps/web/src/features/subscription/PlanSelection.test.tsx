import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedOut, mockFetch, renderRoute, serverConfig, type FakeResponse } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const NEW_USER = { ...TEST_USER, trialEndDate: new Date(Date.now() + 14 * 86_400_000).toISOString() };

/** A stand-in for the blank tab the click opens. */
function fakeTab() {
  const tab = { opener: {}, closed: false, close: vi.fn(), location: { href: "" }, document: { title: "", body: { textContent: "" } } };
  const open = vi.fn(() => tab);
  vi.stubGlobal("open", open);
  return { tab, open };
}

async function register(routes: Record<string, FakeResponse>) {
  const fetchMock = mockFetch({
    ...loggedOut(),
    ...serverConfig({ trialDays: 21 }),
    "POST /api/register": { status: 200, body: { user: NEW_USER } },
    ...routes,
  });
  renderRoute("/auth");
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Username"), "calmcoder");
  await user.type(screen.getByLabelText("Email"), "calm@example.com");
  await user.type(screen.getByLabelText("Password"), "secret-one");
  await user.type(screen.getByLabelText("Confirm Password"), "secret-one");
  await user.click(screen.getByRole("button", { name: "Create Account" }));
  expect(await screen.findByRole("heading", { name: "Choose your plan" })).toBeTruthy();
  return { user, fetchMock };
}

beforeEach(() => window.localStorage.clear());

describe("plan selection after registration", () => {
  it("shows the Free and Premium cards with the product's copy instead of going to /app", async () => {
    await register({});
    const free = screen.getByRole("group", { name: "Free" });
    expect(within(free).getByText("2 focus sessions per day")).toBeTruthy();
    expect(within(free).getByText("3 audio tracks")).toBeTruthy();
    expect(within(free).getByText("5 blocked sites")).toBeTruthy();
    // Both cards name the server's one trial length.
    expect(within(free).getByText("Includes a 21-day free trial. No credit card required.")).toBeTruthy();
    const premium = screen.getByRole("group", { name: "Premium" });
    expect(within(premium).getByText("$4.99")).toBeTruthy();
    expect(within(premium).getByText("All 4 categories with 16 tracks")).toBeTruthy();
    expect(within(premium).getByText("21-day free trial. Cancel anytime.")).toBeTruthy();
    expect(screen.queryByText("Focus Arena stub")).toBeNull();
  });

  it("Free: toasts the trial and opens /app after 1000 ms", async () => {
    const { user } = await register({});
    const started = Date.now();
    await user.click(screen.getByRole("button", { name: "Continue with Free" }));
    expect(await screen.findByText("Free trial activated")).toBeTruthy();
    expect(screen.queryByText("Focus Arena stub")).toBeNull();
    expect(await screen.findByText("Focus Arena stub", undefined, { timeout: 3000 })).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("Premium: calls the upgrade, sends the tab opened by the click to the payment link, then /app", async () => {
    const { tab, open } = fakeTab();
    const { user, fetchMock } = await register({
      ...serverConfig({ trialDays: 21, paymentConfigured: true }),
      "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: "https://example.com/pay", requested: true } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(tab.location.href).toBe("https://example.com/pay");
    expect(tab.close).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/subscription/upgrade" && init?.method === "POST")).toBe(true);
  });

  it("Premium without a payment link: says the upgrade was requested and who writes, opens no tab, then /app", async () => {
    const { tab, open } = fakeTab();
    const { user, fetchMock } = await register({
      "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: null, requested: true } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade requested")).toBeTruthy();
    expect(
      screen.getByText(
        "We'll email you at calm@example.com with how to pay, and an admin activates Premium within 24 hours of payment. Questions? Write to support@focusflow.test.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Upgrade Failed")).toBeNull();
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(tab.close).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/subscription/upgrade" && init?.method === "POST")).toBe(true);
  });

  it("Premium failure: toasts 'Upgrade Failed' with the server's message, closes the blank tab and stays on the choice", async () => {
    const { tab } = fakeTab();
    const { user } = await register({
      ...serverConfig({ paymentConfigured: true }),
      "POST /api/subscription/upgrade": { status: 503, body: { message: "Server is busy, please try again" } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade Failed")).toBeTruthy();
    expect(screen.getByText("Server is busy, please try again")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Choose your plan" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Choose Premium" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("plan selection failure without a message", () => {
  it("toasts the product's 'Upgrade Failed' text when the server's refusal carries no message", async () => {
    fakeTab();
    const { user } = await register({ ...serverConfig({ paymentConfigured: true }), "POST /api/subscription/upgrade": { status: 500, text: "" } });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade Failed")).toBeTruthy();
    expect(screen.getByText("There was an error processing your upgrade. Please try again.")).toBeTruthy();
  });
});
