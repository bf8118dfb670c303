import { type Session, type User } from "@focus/core/schemas";
import { previewSessions, statsOverview } from "@focus/core/stats";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { SHOW_AUTH_EVENT } from "@/lib/events";
import { TEST_USER, mockFetch, serverConfig } from "@/test/render";
import { type LiveMessage } from "@focus/core/protocol";
import { LiveChannelContext, type LiveChannel } from "@/runtime/liveChannel";
import { LiveRefresh } from "@/runtime/LiveRefresh";
import { StatsPanel } from "./StatsPanel";

const GUEST: User = { ...TEST_USER, id: 0, username: "Guest", email: null, isGuest: true };
/** A user whose trial runs (the whole history is listed); TEST_USER's trial has no end, so is the Free plan. */
const IN_TRIAL: User = { ...TEST_USER, trialEndDate: new Date(2026, 10, 25).toISOString() };
/** Wednesday 18 November 2026, 15:00 local; the week began on Sunday the 15th. */
const NOW = new Date(2026, 10, 18, 15, 0);

function at(day: number, hour: number, overrides: Partial<Session> = {}): Session {
  return {
    id: day * 100 + hour,
    startTime: new Date(2026, 10, day, hour).toISOString(),
    duration: 25 * 60,
    type: "focus",
    completed: true,
    ...overrides,
  };
}

function renderPanel(user: User) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <StatsPanel user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The summary card whose label is `label`. */
const card = (label: string) => screen.getByText(label, { selector: "p" }).closest("li") as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("Statistics tab", () => {
  it("lists strict sessions ended early with this week's count, and shows no such card without one", async () => {
    const escaped = (day: number, hour: number) =>
      at(day, hour, { completed: false, duration: 600, escapedAt: new Date(2026, 10, day, hour, 10).toISOString() });
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), escaped(18, 11), escaped(16, 10), escaped(12, 10)] } });
    const view = renderPanel(IN_TRIAL);
    const escapes = await screen.findByTestId("escapes-card");
    expect(escapes.textContent).toContain("2 escapes this week");
    const rows = within(within(escapes).getByRole("list", { name: "Sessions ended early" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain("Focus session · Ended early");
    expect(rows[0]!.textContent).toContain("10 min");
    view.unmount();

    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), at(18, 11, { completed: false, duration: 600 })] } });
    renderPanel(IN_TRIAL);
    await screen.findByRole("heading", { name: "Recent sessions" });
    expect(screen.queryByTestId("escapes-card")).toBeNull();
  });

  it("shows a guest without sessions example numbers under a visible 'Example' label, and the signup offer, without a request", async () => {
    const fetchMock = mockFetch(serverConfig({ trialDays: 21 }));
    const expected = statsOverview(previewSessions(NOW.getTime()), NOW.getTime());
    renderPanel(GUEST);

    expect(screen.getByRole("heading", { level: 2, name: "Your Focus Journey Preview" })).toBeTruthy();
    expect(within(screen.getByTestId("example-label")).getByText("Example")).toBeTruthy();
    expect(expected.summary.sessionsToday).toBe(3);
    expect(within(card("Today")).getByText("3 sessions")).toBeTruthy();
    expect(within(card("Today")).getByText("1h 15m of focus")).toBeTruthy();
    expect(within(card("This week")).getByText(`${expected.summary.sessionsThisWeek} sessions`)).toBeTruthy();
    expect(screen.getByText(String(expected.impact.distractionsPrevented))).toBeTruthy();
    expect(screen.getByText(expected.motivation.message)).toBeTruthy();
    // Example statistics only: no session breakdown and no recent sessions of a real person.
    expect(screen.queryByRole("heading", { name: "Session breakdown" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Recent sessions" })).toBeNull();
    // Nothing of the guest is asked for: only the server's public configuration (the trial length).
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== "/api/config")).toEqual([]);

    const showAuth = vi.fn();
    document.addEventListener(SHOW_AUTH_EVENT, (e) => showAuth((e as CustomEvent).detail));
    await userEvent.click(screen.getAllByRole("button", { name: "Create Free Account (30s)" })[0]!);
    expect(showAuth).toHaveBeenCalledWith({ action: "register" });
    expect(await screen.findByText("21-day free trial of everything")).toBeTruthy();
  });

  it("shows a guest their own sessions kept in this browser, with no 'Example' label", async () => {
    mockFetch({});
    window.localStorage.setItem(
      "guest-sessions",
      JSON.stringify([{ startTime: new Date(2026, 10, 18, 9).toISOString(), duration: 1500, type: "focus", completed: true }]),
    );
    renderPanel(GUEST);
    expect(screen.getByRole("heading", { level: 2, name: "Your Focus Journey Preview" })).toBeTruthy();
    expect(screen.queryByTestId("example-label")).toBeNull();
    expect(within(card("Today")).getByText("1 session")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Recent sessions" })).toBeTruthy();
    window.localStorage.removeItem("guest-sessions");
  });

  it("adds up every page of GET /api/sessions, following X-Next-Cursor to the last page", async () => {
    const cursor = "2026-11-17T09:00:00.000Z_2";
    const fetchMock = mockFetch({
      "GET /api/sessions": { status: 200, body: [at(18, 9, { id: 3 }), at(17, 9, { id: 2 })], headers: { "X-Next-Cursor": cursor } },
      [`GET /api/sessions?cursor=${encodeURIComponent(cursor)}`]: { status: 200, body: [at(16, 9, { id: 1 })] },
    });
    renderPanel(TEST_USER);
    await screen.findByRole("list", { name: "Summary" });
    // Three days in a row: the third day came from the second page.
    expect(screen.getByText("Streak: 3 focus days")).toBeTruthy();
    expect(within(card("This week")).getByText("3 sessions")).toBeTruthy();
    const sessionCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/sessions"));
    expect(sessionCalls).toEqual(["/api/sessions", `/api/sessions?cursor=${encodeURIComponent(cursor)}`]);
  });

  it("shows a real user's numbers from GET /api/sessions", async () => {
    const sessions = [
      at(18, 9),
      at(18, 10),
      at(18, 10, { id: 9, type: "break", duration: 5 * 60, startTime: new Date(2026, 10, 18, 10, 25).toISOString() }),
      at(18, 11, { completed: false, duration: 600 }),
      at(17, 9),
      at(16, 14),
      at(2, 9),
    ];
    mockFetch({ "GET /api/sessions": { status: 200, body: sessions } });
    renderPanel(IN_TRIAL);

    expect(await screen.findByRole("heading", { level: 2, name: "Your Focus Journey" })).toBeTruthy();
    await screen.findByRole("list", { name: "Summary" });
    expect(within(card("Today")).getByText("2 sessions")).toBeTruthy();
    expect(within(card("Today")).getByText("50 min of focus")).toBeTruthy();
    expect(within(card("This week")).getByText("4 sessions")).toBeTruthy();
    expect(within(card("This month")).getByText("5 sessions")).toBeTruthy();
    expect(within(card("All time")).getByText("2h 5m")).toBeTruthy();
    // 3 days in a row ending today.
    expect(screen.getByText("Streak: 3 focus days")).toBeTruthy();
    // Productivity impact: 5 sessions × 3 distractions.
    const impact = screen.getByRole("heading", { name: "Productivity impact" }).closest(".rounded-xl") as HTMLElement;
    expect(within(impact).getByText("15")).toBeTruthy();
    expect(within(impact).getByText("5h 45m")).toBeTruthy();
    // Milestone: 50 minutes today → next is 60.
    expect(screen.getByText("1h of focus today: 10 min to go")).toBeTruthy();
    // Recent sessions: the 5 most recent completed ones, newest first.
    const recent = screen.getByRole("heading", { name: "Recent sessions" }).closest(".rounded-xl") as HTMLElement;
    expect(within(recent).getAllByRole("listitem")).toHaveLength(5);
    expect(within(recent).getAllByText(/Focus session|Break/).map((n) => n.textContent)).toEqual([
      "Break",
      "Focus session",
      "Focus session",
      "Focus session",
      "Focus session",
    ]);
    // Achievements with progress, target, tip and category.
    const gallery = screen.getByRole("heading", { name: "Gallery" }).closest(".rounded-xl") as HTMLElement;
    expect(within(gallery).getByText("4 / 5 sessions")).toBeTruthy();
    expect(within(gallery).getByText("5 / 10 sessions")).toBeTruthy();
    expect(within(gallery).getAllByText("Consistency").length).toBeGreaterThan(0);
    // The count above the cards counts the cards: each achievement once, and each card says whether it is unlocked.
    expect(screen.getByTestId("achievements-tally").textContent).toBe("3 of 8 unlocked");
    const highlights = within(screen.getByRole("list", { name: "Highlights" })).getAllByRole("listitem");
    expect(highlights.map((item) => item.textContent)).toEqual(["First SessionUnlocked", "4 Sessions TodayLocked · 2 / 4 sessions", "2 Hours FocusedUnlocked"]);
    const galleryItems = within(gallery).getAllByRole("listitem");
    expect(galleryItems.map((item) => [item.querySelector("p")?.textContent, within(item).queryByText("Unlocked") ? "Unlocked" : within(item).getByText("Locked") && "Locked"])).toEqual([
      ["First Session", "Unlocked"],
      ["Weekly Warrior", "Locked"],
      ["25 Hours of Focus", "Locked"],
      ["3-Day Streak", "Unlocked"],
      ["10 Sessions", "Locked"],
      ["Monthly 50", "Locked"],
    ]);
    expect(screen.getByRole("heading", { name: "Session breakdown" })).toBeTruthy();
    expect(screen.getByText("86%")).toBeTruthy();
  });

  it("labels a Free-plan user's numbers as the last 7 days: banner, summary card, chart and calendar; nothing of it on Premium", async () => {
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), at(13, 9)] } });
    const free = { ...TEST_USER, subscriptionStatus: "cancelled" as const };
    const { unmount } = renderPanel(free);
    const note = await screen.findByTestId("free-history-note");
    expect(note.textContent).toBe("The Free plan shows statistics of the last 7 days. Upgrade to Premium for statistics of your whole history.");
    expect(within(note).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/subscription");
    // What the plan lists is labelled as such: no month, no all time.
    await screen.findByRole("list", { name: "Summary" });
    expect(within(card("Last 7 days")).getByText("50 min")).toBeTruthy();
    expect(within(card("Last 7 days")).getByText("2 sessions completed")).toBeTruthy();
    expect(screen.queryByText("This month")).toBeNull();
    expect(screen.queryByText("All time")).toBeNull();
    expect(screen.getByText("Focused on 2 of the last 7 days")).toBeTruthy();
    expect(await screen.findByText("50 min in the last 7 days, best day 25 min")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "30 days" })).toBeNull();
    unmount();
    renderPanel({ ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" });
    await screen.findByRole("heading", { name: "Recent sessions" });
    expect(screen.queryByTestId("free-history-note")).toBeNull();
    expect(card("This month")).toBeTruthy();
    expect(card("All time")).toBeTruthy();
  });

  it("invites a user without sessions to complete the first one", async () => {
    mockFetch({ "GET /api/sessions": { status: 200, body: [] } });
    renderPanel(TEST_USER);
    expect(await screen.findByText("Complete your first focus session to see your journey")).toBeTruthy();
    expect(screen.getAllByText("First Session").length).toBe(2);
    expect(screen.queryByRole("heading", { name: "Recent sessions" })).toBeNull();
  });

  it("shows the server's message when the sessions cannot be loaded, and retries", async () => {
    const fetchMock = mockFetch({ "GET /api/sessions": { status: 500, body: { message: "Database unavailable" } } });
    renderPanel(TEST_USER);
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it("reloads the sessions when the server says it recorded a new one, and only then", async () => {
    const fetchMock = mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9)] } });
    const listeners = new Set<(message: LiveMessage) => void>();
    const channel: LiveChannel = {
      send: () => undefined,
      onMessage: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onConnected: () => () => undefined,
      isOpen: () => true,
    };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <LiveChannelContext.Provider value={channel}>
            <LiveRefresh />
            <StatsPanel user={TEST_USER} />
          </LiveChannelContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole("heading", { name: "Recent sessions" });
    expect(within(card("Today")).getByText("1 session")).toBeTruthy();

    // The account's timer ended a session on the server, which tells every device.
    const recorded = at(18, 10);
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), recorded] } });
    act(() => {
      for (const listener of listeners) listener({ type: "sessions_changed" });
    });
    await waitFor(() => expect(within(card("Today")).getByText("2 sessions")).toBeTruthy());
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/sessions")).toHaveLength(1);
  });

  it("keeps the streak through a day off, calmly: one session today keeps it going, the week's goal beside it", async () => {
    // Focus on Sunday 15 and Monday 16, nothing on Tuesday 17, nothing yet today (Wednesday 18).
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(15, 9, { id: 1 }), at(16, 9, { id: 2 })] } });
    renderPanel(IN_TRIAL);
    const momentumList = await screen.findByTestId("streak-momentum");
    expect(screen.getByTestId("streak-current").textContent).toBe("2 focus days");
    expect(within(momentumList).getByText("2 of 4 days this week")).toBeTruthy();
    expect(within(momentumList).getByText("No freeze yet: one comes with every 7th focus day · next after 5 more focus days")).toBeTruthy();
    expect(screen.getByTestId("streak-needs-today").textContent).toBe("One session today keeps your streak going.");
    expect(screen.getByText(/0 days in a row/)).toBeTruthy();
  });

  it("marks each calendar day, and says when the freeze was used and when the next comes", async () => {
    // Focus 5–11 November (a freeze earned on the 7th day), nothing on the 12th and 13th, then
    // every day from the 14th to today (Wednesday 18).
    const days = [5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18];
    mockFetch({ "GET /api/sessions": { status: 200, body: days.map((day, i) => at(day, 9, { id: i + 1 })) } });
    renderPanel(IN_TRIAL);
    expect(await screen.findByTestId("streak-freezes")).toHaveProperty("textContent", "Freeze used on November 13: your streak carried on · next after 2 more focus days");
    expect(screen.getByTestId("streak-current").textContent).toBe("12 focus days");
    const calendar = screen.getByRole("img", { name: /^Streak 12 focus days/ });
    const titles = [...calendar.querySelectorAll("[data-mark]")].map((cell) => cell.getAttribute("title"));
    expect(titles).toContain("November 12: day off, your streak carried on");
    expect(titles).toContain("November 13: a freeze covered this day");
    expect(titles).toContain("November 18: focus day");
    // 1–4 November: that week had 3 focus days of 4, so its days off are plain days off.
    expect(titles).toContain("November 4: no focus session");
  });

  it("switches the chart between 7 and 30 days, with every day's numbers in a table", async () => {
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), at(1, 9)] } });
    renderPanel(IN_TRIAL);
    const week = await screen.findByRole("button", { name: "7 days", pressed: true });
    const chart = screen.getByRole("figure", { name: "Focus time per day" });
    const summary = document.getElementById(chart.getAttribute("aria-describedby") ?? "");
    expect(summary?.textContent).toBe("25 min in the last 7 days, best day 25 min");
    const table = screen.getByRole("table", { name: "Focus time per day" });
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 7);
    const today = within(table).getByRole("rowheader", { name: NOW.toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" }) });
    expect(within(today.closest("tr") as HTMLElement).getByText("25")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "30 days" }));
    expect(week.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(summary?.textContent).toBe("50 min in the last 30 days, best day 25 min");
    expect(within(screen.getByRole("table", { name: "Focus time per day" })).getAllByRole("row")).toHaveLength(1 + 30);
    expect(screen.getByRole("img", { name: /Streak 1 focus day, longest 1 focus day\. Focused on 2 of the last 30 days/ })).toBeTruthy();
  });

  it("moves between the chart ranges from the keyboard", async () => {
    mockFetch({ "GET /api/sessions": { status: 200, body: [at(18, 9), at(1, 9)] } });
    renderPanel(IN_TRIAL);
    const week = await screen.findByRole("button", { name: "7 days", pressed: true });
    week.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "30 days" }));
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "30 days", pressed: true })).toBeTruthy();
  });
});
