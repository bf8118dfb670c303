import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { mockFetch } from "@/test/render";
import { ShieldMeasuresCard } from "./ShieldMeasuresCard";

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ShieldMeasuresCard />
    </QueryClientProvider>,
  );
}

/** The test's instant: a Wednesday noon. */
const NOON = new Date(2026, 10, 25, 12, 0).getTime();

/** `minutes` before noon today, as ISO 8601. */
const todayAt = (minutes: number) => new Date(NOON - minutes * 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON);
});
afterEach(() => vi.useRealTimers());

describe("The Shield's measured figures", () => {
  it("shows a day's stopped visits, delay pass, turn-back and shield-off minutes, and the same per session", async () => {
    const session = todayAt(30);
    mockFetch({
      "GET /api/shield/measures": {
        status: 200,
        body: {
          events: [
            { at: todayAt(20), kind: "blocked", sessionStart: session },
            { at: todayAt(19), kind: "blocked", sessionStart: session },
            { at: todayAt(18), kind: "pass", sessionStart: session },
            { at: todayAt(10), kind: "turned_back", sessionStart: session },
          ],
          shieldOff: [{ startedAt: todayAt(9), endedAt: todayAt(3), sessionStart: session }],
        },
      },
    });
    renderCard();
    const perDay = await screen.findByRole("table", { name: "Per day" });
    const [, today] = within(perDay).getAllByRole("row");
    expect(within(today as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["2", "1", "1", "6"]);
    const perSession = screen.getByRole("table", { name: "Per focus session" });
    expect(within(perSession).getAllByRole("row")).toHaveLength(2);
  });

  it("says nothing was measured yet, and shows the server's message when it cannot load", async () => {
    mockFetch({ "GET /api/shield/measures": { status: 200, body: { events: [], shieldOff: [] } } });
    const empty = renderCard();
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
    empty.unmount();
    mockFetch({ "GET /api/shield/measures": { status: 500, body: { message: "Database unavailable" } } });
    renderCard();
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
  });
});
