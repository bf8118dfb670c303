import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loggedOut, mockFetch, renderRoute, serverConfig } from "@/test/render";

describe("registration copy (the server's trial length)", () => {
  it.each([7, 21])("promises the server's TRIAL_DAYS trial (%i days) with no card on the Register tab and in the marketing panel", async (days) => {
    mockFetch({ ...loggedOut(), ...serverConfig({ trialDays: days }) });
    renderRoute("/auth");
    const register = await screen.findByRole("tabpanel", { name: "Register" });
    expect(await within(register).findByText(`Start your ${days}-day free trial in about 30 seconds. No card required.`)).toBeTruthy();
    const marketing = screen.getByRole("region", { name: "A calmer way to get things done" });
    expect(within(marketing).getByText(`${days}-day free trial, no card required.`)).toBeTruthy();
    // One trial length on the screen: no other number of days.
    expect(screen.queryAllByText(/\b\d+-day/).filter((element) => !element.textContent?.includes(`${days}-day`))).toEqual([]);
  });

  it("names no number of days while the server has not said it", async () => {
    mockFetch({ ...loggedOut(), "GET /api/config": { status: 503, body: { message: "Server is busy" } } });
    renderRoute("/auth");
    const register = await screen.findByRole("tabpanel", { name: "Register" });
    expect(within(register).getByText("Start your free trial in about 30 seconds. No card required.")).toBeTruthy();
    expect(screen.getByText("Free trial, no card required.")).toBeTruthy();
    expect(screen.queryByText(/-day free trial/)).toBeNull();
  });
});
