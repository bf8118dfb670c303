import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

describe("not-found screen", () => {
  it("says kindly that the page is not there, with a way back home or to the timer, and no developer talk", async () => {
    mockFetch(loggedOut());
    renderRoute("/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("This page does not exist. The link may be old or have a typo. Nothing you were working on is lost.")).toBeTruthy();
    expect(screen.queryByText(/router/i)).toBeNull();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Open the timer" }).getAttribute("href")).toBe("/app");
  });

  it("is what /settings shows when logged out", async () => {
    mockFetch(loggedOut());
    renderRoute("/settings");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  });

  it("gives way to Focus Settings on /settings when logged in", async () => {
    mockFetch(loggedIn());
    renderRoute("/settings");
    expect(await screen.findByRole("heading", { name: "Focus Settings" })).toBeTruthy();
  });
});
