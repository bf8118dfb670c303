import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loggedIn, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

beforeEach(() => window.localStorage.clear());

describe("a user that cannot be loaded ('Failed to fetch user information')", () => {
  for (const path of ["/app", "/settings", "/admin"]) {
    it(`shows the error with Retry on ${path} instead of treating the visitor as logged out`, async () => {
      mockFetch({ "GET /api/me": { status: 500, body: { message: "Database unavailable" } } });
      renderRoute(path);
      // Each route's chunk loads on its first render, slow on a busy machine.
      expect(await screen.findByText("Failed to fetch user information")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Create your account" })).toBeNull();
      expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
    });
  }

  it("shows it when the server cannot be reached, and Retry loads the app once it answers", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    renderRoute("/app");
    expect(await screen.findByText("Failed to fetch user information")).toBeTruthy();

    mockFetch(loggedIn());
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(screen.queryByText("Failed to fetch user information")).toBeNull();
  });
});
