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
        },
      },
    });
    renderCard();
    const sites = await screen.findByRole("list", { name: "Blocked attempts per site" });
    expect(within(sites).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["youtube.com5", "reddit.com1"]);
    expect(screen.getByText("· 6 attempts")).toBeTruthy();
    const sessions = screen.getByRole("list", { name: "Blocked attempts per focus session" });
    expect(within(sessions).getByText("4 attempts")).toBeTruthy();
  });

  it("says there are none yet", async () => {
    mockFetch({ "GET /api/blocked-attempts/summary": { status: 200, body: { perSite: [], perSession: [] } } });
    renderCard();
    expect(await screen.findByText(/No blocked attempts yet/)).toBeTruthy();
  });
});
