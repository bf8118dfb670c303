import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loggedOut, mockFetch, renderRoute } from "@/test/render";

describe("registration copy (7 days in the registration copy)", () => {
  it("promises a 7-day free trial with no card on the Register tab and in the marketing panel", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth");
    const register = await screen.findByRole("tabpanel", { name: "Register" }, { timeout: 4000 });
    expect(within(register).getByText("Start your 7-day free trial in about 30 seconds. No card required.")).toBeTruthy();
    const marketing = screen.getByRole("region", { name: "A calmer way to get things done" });
    expect(within(marketing).getByText("7-day free trial, no card required.")).toBeTruthy();
    // The 14-day copy belongs to the premium pricing and the guest promo, not to registration.
    expect(screen.queryByText(/14-day/)).toBeNull();
  });
});
