import { FREE_FEATURES } from "@focus/core/subscription";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedOut, mockFetch, renderRoute, serverConfig, type FakeResponse } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

/** Registered just now on the server's 21-day trial. */
const NEW_USER = { ...TEST_USER, trialEndDate: new Date(Date.now() + 21 * 86_400_000 - 1000).toISOString() };

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
  expect(await screen.findByRole("heading", { name: "Your 21-day free trial has started" })).toBeTruthy();
  return { user, fetchMock };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("plan selection after registration", () => {
  it("says the trial already runs, what Free keeps after it, and that Premium is a payment request, before any click", async () => {
    await register({});
    expect(screen.getByText(/Everything in Premium is yours until .+\. After that you move to Free, unless you choose Premium\.$/)).toBeTruthy();
    const free = screen.getByRole("group", { name: "Free" });
    for (const feature of FREE_FEATURES) expect(within(free).getByText(feature)).toBeTruthy();
    expect(within(free).getByText("What you keep after your trial, free for as long as you like.")).toBeTruthy();
    const premium = screen.getByRole("group", { name: "Premium" });
    expect(within(premium).getByText("$4.99")).toBeTruthy();
    expect(within(premium).getByText("All 4 moods, 16 tracks")).toBeTruthy();
    // The button says what it does before the click: a payment request.
    const choose = within(premium).getByRole("button", { name: "Choose Premium" });
    const note = document.getElementById(choose.getAttribute("aria-describedby") ?? "");
    expect(await waitFor(() => note?.textContent)).toBe(
      "This sends a payment request: we email you how to pay. An admin switches Premium on within 24 hours of payment.",
    );
    // One trial, named once; neither card offers another.
    expect(screen.getAllByText(/free trial/i)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Continue with Free" })).toBeNull();
    expect(screen.queryByText("Focus Arena stub")).toBeNull();
  });

  it("Continue with my trial: activates nothing, says the trial runs, and opens /app after 1000 ms", async () => {
    const { fetchMock } = await register({});
    // From the click on, time moves only when the test moves it: the second before /app is the
    // test's, however slowly the page answers. Clicked without a pointer (userEvent waits on timers).
    vi.useFakeTimers();
    act(() => screen.getByRole("button", { name: "Continue with my trial" }).click());
    expect(screen.getByText("Enjoy your trial")).toBeTruthy();
    expect(screen.getByText("21 days left of everything in Premium.")).toBeTruthy();
    expect(screen.queryByText(/trial activated/i)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByText("Focus Arena stub")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // The page's other timers run again, with real time.
    vi.setTimerTickMode("interval");
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url]) => url)).toEqual(["/api/register"]);
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
      ...serverConfig({ trialDays: 21, paymentConfigured: true }),
      "POST /api/subscription/upgrade": { status: 503, body: { message: "Server is busy, please try again" } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade Failed")).toBeTruthy();
    expect(screen.getByText("Server is busy, please try again")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Your 21-day free trial has started" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Choose Premium" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("plan selection failure without a message", () => {
  it("toasts the product's 'Upgrade Failed' text when the server's refusal carries no message", async () => {
    fakeTab();
    const { user } = await register({ ...serverConfig({ trialDays: 21, paymentConfigured: true }), "POST /api/subscription/upgrade": { status: 500, text: "" } });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade Failed")).toBeTruthy();
    expect(screen.getByText("There was an error processing your upgrade. Please try again.")).toBeTruthy();
  });
});
