import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

describe("not-found screen", () => {
  it("shows the product's strings for an unknown route", async () => {
    mockFetch(loggedOut());
    renderRoute("/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
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
