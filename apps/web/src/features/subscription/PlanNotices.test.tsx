import type { User } from "@focus/core/schemas";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast";
import { addClockSample, resetServerClock } from "@/runtime/serverClock";
import { FakeLiveSocket } from "@/test/fakeLiveSocket";
import { TEST_USER, focusEndedAgo, renderRoute, serveApp } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const DAY = 86_400_000;
const inTrial = (msLeft: number): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + msLeft).toISOString() });
const PREMIUM: User = { ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" };
const CANCELLED: User = { ...TEST_USER, subscriptionPlan: "free", subscriptionStatus: "cancelled" };

/** Serves the app for a user the test can change, as the server would after an admin's action. */
function serveUser(initial: User, sessions: unknown[] = []) {
  const server = { user: initial };
  const fetchMock = serveApp(initial, (url) => (url === "/api/subscription" ? { status: 200, body: { upgradeRequestedAt: null, offer: null } } : undefined), sessions);
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input) =>
    String(input) === "/api/me" ? new Response(JSON.stringify({ user: server.user }), { status: 200 }) : answer(input),
  );
  return { server, fetchMock };
}

const planLine = () => screen.findByTestId("plan-line");

/** Closes the app and its toasts, as a reload does. */
function closeApp(app: { unmount: () => void }) {
  app.unmount();
  act(() => dismissToast());
}

beforeEach(() => {
  window.localStorage.clear();
  // A Sunday noon that stands still until a test moves it: days left and today's sessions are
  // counted from the test's instant, not from the hour the suite runs at.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0));
});
afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe("the header's plan line", () => {
  it("reads the trial's days left, Free with today's sessions left, or Premium, on every signed-in page", async () => {
    serveUser(inTrial(8.5 * DAY));
    const first = renderRoute("/app");
    expect((await planLine()).textContent).toBe("Trial · 9 days left");
    expect(screen.getByRole("link", { name: "Trial · 9 days left" }).getAttribute("href")).toBe("/subscription");
    closeApp(first);

    serveUser(CANCELLED, [focusEndedAgo(1)]);
    const second = renderRoute("/subscription");
    await waitFor(async () => expect((await planLine()).textContent).toBe("Free · 1 of 2 sessions left today"));
    closeApp(second);

    serveUser(PREMIUM);
    renderRoute("/settings");
    await waitFor(async () => expect((await planLine()).textContent).toBe("Premium"));
  });

  it("counts the trial's days on the server's clock: a device 5 minutes slow never shows 15 days of a 14-day trial", async () => {
    // The server's clock is 5 minutes ahead of this device's; the trial was just given on it.
    act(() => addClockSample({ sentAt: Date.now(), receivedAt: Date.now(), serverNow: Date.now() + 5 * 60_000 }));
    serveUser({ ...TEST_USER, trialEndDate: new Date(Date.now() + 5 * 60_000 + 14 * DAY - 1000).toISOString() });
    renderRoute("/subscription");
    expect((await planLine()).textContent).toBe("Trial · 14 days left");
    expect((await screen.findByTestId("plan-status")).textContent).toBe("Trial · 14 days left");
  });
});

describe("plan notices", () => {
  it("warns 3 days before the trial ends, once per user", async () => {
    serveUser(inTrial(2.5 * DAY));
    const first = renderRoute("/app");
    expect(await screen.findByText("3 days left in your trial")).toBeTruthy();
    expect(screen.getByText("Then you move to Free (2 focus sessions a day). Choose Premium to keep everything.")).toBeTruthy();
    closeApp(first);
    renderRoute("/app");
    await planLine();
    expect(screen.queryByText("3 days left in your trial")).toBeNull();
  });

  it("warns again 1 day before the end, and says when the trial has ended", async () => {
    serveUser(inTrial(DAY / 2));
    const first = renderRoute("/app");
    expect(await screen.findByText("1 day left in your trial")).toBeTruthy();
    closeApp(first);
    serveUser(inTrial(-1000));
    renderRoute("/app");
    expect(await screen.findByText("Your trial has ended")).toBeTruthy();
    expect(screen.getByText(/^You're on Free now: 2 focus sessions a day, 3 focus tracks, up to 5 blocked websites/)).toBeTruthy();
  });

  it("says at once, without a reload, when the admin activates Premium and when they cancel it", async () => {
    vi.stubGlobal("WebSocket", FakeLiveSocket);
    const { server } = serveUser(inTrial(10 * DAY));
    renderRoute("/app");
    expect((await planLine()).textContent).toBe("Trial · 10 days left");
    await waitFor(() => expect(FakeLiveSocket.last?.readyState).toBe(1));

    server.user = PREMIUM;
    FakeLiveSocket.last!.receive({ type: "user_changed" });
    expect(await screen.findByText("Premium is on")).toBeTruthy();
    await waitFor(async () => expect((await planLine()).textContent).toBe("Premium"));

    server.user = CANCELLED;
    FakeLiveSocket.last!.receive({ type: "user_changed" });
    expect(await screen.findByText("Subscription Cancelled")).toBeTruthy();
    await waitFor(async () => expect((await planLine()).textContent).toMatch(/^Free/));
  });

  it("says the trial was ended by the admin once, not again as the trial's own notice", async () => {
    vi.stubGlobal("WebSocket", FakeLiveSocket);
    const { server } = serveUser(inTrial(10 * DAY));
    const first = renderRoute("/app");
    await planLine();
    await waitFor(() => expect(FakeLiveSocket.last?.readyState).toBe(1));
    // Ended on the server's clock now, half a minute after this page last read the clock.
    vi.setSystemTime(Date.now() + 30_000);
    server.user = { ...server.user, trialEndDate: new Date().toISOString() };
    FakeLiveSocket.last!.receive({ type: "user_changed" });
    expect(await screen.findByText("Your trial has ended")).toBeTruthy();
    // Judged at once, not at the next minute's tick: no "1 day left" in between.
    await waitFor(async () => expect((await planLine()).textContent).toMatch(/^Free/));
    expect(screen.queryByText("1 day left in your trial")).toBeNull();
    closeApp(first);
    renderRoute("/app");
    await waitFor(async () => expect((await planLine()).textContent).toMatch(/^Free/));
    expect(screen.queryByText("Your trial has ended")).toBeNull();
  });

  it("says a change made while the app was closed at the next start", async () => {
    serveUser(inTrial(10 * DAY));
    const first = renderRoute("/app");
    await planLine();
    closeApp(first);
    serveUser(PREMIUM);
    renderRoute("/app");
    expect(await screen.findByText("Premium is on")).toBeTruthy();
  });
});
