import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { mockFetch } from "@/test/render";
import { BlockedAttemptsCard } from "./BlockedAttemptsCard";

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BlockedAttemptsCard />
    </QueryClientProvider>,
  );
}

describe("Blocked attempts card", () => {
  it("shows the attempts per site and per focus session", async () => {
    mockFetch({
      "GET /api/blocked-attempts/summary": {
        status: 200,
        body: {
          perSite: [
            { domain: "youtube.com", count: 5 },
            { domain: "reddit.com", count: 1 },
          ],
          perSession: [{ sessionStart: "2026-03-02T09:00:00.000Z", count: 4 }],
          totals: { blocked: 6, pass: 0, turned_back: 0 },
        },
      },
    });
    renderCard();
    const sites = await screen.findByRole("list", { name: "Blocked attempts per site" });
    expect(within(sites).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["youtube.com5", "reddit.com1"]);
    expect(screen.getByText("· 6 attempts")).toBeTruthy();
    expect(screen.queryByTestId("other-sites")).toBeNull();
    expect(screen.queryByText(/went past/)).toBeNull();
    const sessions = screen.getByRole("list", { name: "Blocked attempts per focus session" });
    expect(within(sessions).getByText("4 attempts")).toBeTruthy();
  });

  it("sums the sites past the ones listed in one line, with every stopped visit in the total", async () => {
    const perSite = Array.from({ length: 10 }, (_, i) => ({ domain: `site${i}.example`, count: 20 - i }));
    mockFetch({
      "GET /api/blocked-attempts/summary": {
        status: 200,
        // The server lists its 10 most hit sites; 40 more sites had 50 stopped visits between them.
        body: { perSite, otherSites: { sites: 40, count: 50 }, perSession: [], totals: { blocked: 205, pass: 0, turned_back: 0 } },
      },
    });
    renderCard();
    const sites = await screen.findByRole("list", { name: "Blocked attempts per site" });
    expect(within(sites).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("· 205 attempts")).toBeTruthy();
    // 5 listed sites not shown (15+14+13+12+11 = 65) and the server's 40 others (50).
    expect(screen.getByTestId("other-sites").textContent).toBe("and 45 other sites · 115 attempts");
  });

  it("says how many reports of the last 24 hours went past the day's limit, and only then", async () => {
    mockFetch({
      "GET /api/blocked-attempts/summary": {
        status: 200,
        body: { perSite: [{ domain: "youtube.com", count: 1000 }], perSession: [], totals: { blocked: 1000, pass: 0, turned_back: 0 }, notStored: 37 },
      },
    });
    renderCard();
    expect(await screen.findByText(/37 more reports in the last 24 hours went past the 1,000 a day kept here/)).toBeTruthy();
  });

  it("says there are none yet", async () => {
    mockFetch({ "GET /api/blocked-attempts/summary": { status: 200, body: { perSite: [], perSession: [] } } });
    renderCard();
    expect(await screen.findByText(/No blocked attempts yet/)).toBeTruthy();
  });
});
