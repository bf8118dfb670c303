import type { Session } from "@focus/core/schemas";
import { intentionReport } from "@focus/core/stats";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IntentionsCard } from "./IntentionsCard";

/** Wednesday 25 November 2026, 20:00 local. */
const NOW = new Date(2026, 10, 25, 20, 0).getTime();

function focus(id: number, day: number, hour: number, minutes: number, extra: Partial<Session> = {}): Session {
  return { id, startTime: new Date(2026, 10, day, hour).toISOString(), duration: minutes * 60, type: "focus", completed: true, ...extra };
}

describe("Intentions and how they went", () => {
  it("says how to start when the week has no intention or answer", () => {
    render(<IntentionsCard report={intentionReport([focus(1, 24, 9, 25)], NOW)} />);
    expect(screen.getByText(/Nothing here yet this week\. Add an intention before your next focus session/)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("lists the week's intentions with their outcome, the ratings, and calmly what stuck sessions shared", () => {
    const report = intentionReport(
      [
        focus(1, 23, 14, 45, { intention: "Open the draft", outcome: "stuck", rating: 2 }),
        focus(2, 24, 15, 40, { outcome: "stuck", rating: 1 }),
        focus(3, 25, 9, 25, { intention: "Reply to Sam", outcome: "done", rating: 4 }),
      ],
      NOW,
    );
    render(<IntentionsCard report={report} />);
    const items = within(screen.getByRole("list", { name: "This week's intentions" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Reply to Sam.*Done$/),
      expect.stringMatching(/^No intention set.*focus 1\/5Stuck$/),
      expect.stringMatching(/^Open the draft.*focus 2\/5Stuck$/),
    ]);
    expect(screen.getByTestId("stuck-summary").textContent).toBe(
      "2 sessions felt stuck this week. Stuck sessions were mostly in the afternoon and 31 to 60 minutes long. Getting stuck is information, not a failure.",
    );
    expect(screen.getByText(/3 rated sessions, average focus 2\.3 of 5/)).toBeTruthy();
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(4);
  });
});
