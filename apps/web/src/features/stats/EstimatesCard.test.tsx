import type { Task, User } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { TEST_USER, mockFetch } from "@/test/render";
import { EstimatesCard } from "./EstimatesCard";

/** Wednesday 18 November 2026, 15:00 local. */
const NOW = new Date(2026, 10, 18, 15, 0);
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

function task(id: number, title: string, estimate: number, actual: number, extra: Partial<Task> = {}): Task {
  return {
    id,
    clientId: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, "0")}`,
    title,
    estimate,
    actual,
    done: true,
    position: id,
    createdAt: daysAgo(10),
    completedAt: daysAgo(id),
    lastSessionAt: daysAgo(id),
    ...extra,
  };
}

function renderCard(user: User = TEST_USER) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <EstimatesCard user={user} />
    </QueryClientProvider>,
  );
}

/** The rows of the table: title, estimate, actual, over/under. */
const rows = () =>
  screen
    .getAllByTestId("estimate-row")
    .map((row) => [row.querySelector("[data-testid='estimate-title']"), ...row.querySelectorAll("td")].map((cell) => cell?.textContent));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("Estimates vs actual (Statistics)", () => {
  it("lists the last 30 days' tasks with estimate, actual and over/under, and the accuracy of the done ones", async () => {
    mockFetch({
      "GET /api/tasks": {
        status: 200,
        body: [
          task(1, "Report", 2, 3),
          task(2, "Slides", 4, 2),
          task(3, "Inbox zero", 1, 1),
          task(4, "Still going", 3, 1, { done: false, completedAt: null }),
          task(5, "Long done", 2, 2, { completedAt: daysAgo(40), lastSessionAt: daysAgo(40) }),
          task(6, "Never started", 2, 0, { done: false, completedAt: null, lastSessionAt: null }),
          task(7, "Ticked off", 2, 0, { lastSessionAt: null }),
        ],
      },
    });
    renderCard();
    expect(await screen.findByRole("heading", { name: "Estimates vs actual" })).toBeTruthy();
    expect(await screen.findAllByTestId("estimate-row")).toHaveLength(5);
    // A task ticked off without a session is listed as such, and left out of the total.
    expect(rows()).toEqual([
      ["Report", "2", "3", "1 over"],
      ["Slides", "4", "2", "2 under"],
      ["Inbox zero", "1", "1", "On target"],
      ["Still going", "3", "1", "In progress"],
      ["Ticked off", "2", "0", "Done without a session"],
    ]);
    // Done: estimated 7, took 6; min 2+2+1 = 5 of max 3+4+1 = 8.
    expect(screen.getByTestId("estimates-total").textContent).toBe(
      "3 done tasks took 6 focus sessions for 7 estimated: 1 session under (accuracy 63%).",
    );
    // 6 for 7 is 0.86×, pulled toward 1.0 by 5 tasks on target: (3 × 6/7 + 5) ÷ 8 = 0.95.
    expect(screen.getByTestId("estimates-factor").textContent).toBe(
      "Your tasks take 0.9× your estimates (from 3 done tasks). Your task list's finish time allows for it.",
    );
  });

  it("says what the card is for when there is no task in the last 30 days", async () => {
    mockFetch({ "GET /api/tasks": { status: 200, body: [task(5, "Long done", 2, 2, { completedAt: daysAgo(40) })] } });
    renderCard();
    expect((await screen.findByTestId("estimates-empty")).textContent).toMatch(/^No tasks in the last 30 days\./);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the loading state, then the server's message with a way to try again", async () => {
    const fetchMock = mockFetch({ "GET /api/tasks": { status: 503, body: { message: "Server is busy, try again shortly" } } });
    renderCard();
    expect(screen.getByText("Loading your tasks")).toBeTruthy();
    expect(await screen.findByText("Server is busy, try again shortly")).toBeTruthy();
    mockFetch({ "GET /api/tasks": { status: 200, body: [task(1, "Report", 2, 2)] } });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Report")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reads a guest's tasks from this browser, without a request", async () => {
    const fetchMock = mockFetch({});
    window.localStorage.setItem("guest-tasks", JSON.stringify([{ ...task(1, "Guest task", 1, 2), id: null }]));
    renderCard({ ...TEST_USER, id: 0, isGuest: true });
    expect(rows()).toEqual([["Guest task", "1", "2", "1 over"]]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
