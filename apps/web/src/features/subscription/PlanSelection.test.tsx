import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedOut, mockFetch, renderRoute, type FakeResponse } from "@/test/render";

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
  const fetchMock = mockFetch({ ...loggedOut(), "POST /api/register": { status: 200, body: { user: NEW_USER } }, ...routes });
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
    expect(within(free).getByText(/7-day free trial/)).toBeTruthy();
    const premium = screen.getByRole("group", { name: "Premium" });
    expect(within(premium).getByText("$4.99")).toBeTruthy();
    expect(within(premium).getByText("All 4 categories with 16 tracks")).toBeTruthy();
    expect(within(premium).getByText(/14-day free trial/)).toBeTruthy();
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
      "POST /api/subscription/upgrade": { status: 200, body: { paypalUrl: "https://example.com/pay" } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(tab.location.href).toBe("https://example.com/pay");
    expect(tab.close).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/subscription/upgrade" && init?.method === "POST")).toBe(true);
  });

  it("Premium failure: toasts 'Upgrade Failed', closes the blank tab and stays on the choice", async () => {
    const { tab } = fakeTab();
    const { user } = await register({
      "POST /api/subscription/upgrade": { status: 503, body: { message: "Payments are not configured yet. Please contact support." } },
    });
    await user.click(screen.getByRole("button", { name: "Choose Premium" }));
    expect(await screen.findByText("Upgrade Failed")).toBeTruthy();
    expect(screen.getByText("There was an error processing your upgrade. Please try again.")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Choose your plan" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Choose Premium" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
