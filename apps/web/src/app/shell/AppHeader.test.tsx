import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const ADMIN = { ...TEST_USER, id: 2, username: "admin", email: null, isAdmin: true };

beforeEach(() => window.localStorage.clear());

describe("app header", () => {
  it("shows the Admin link to the admin, leading to /admin", async () => {
    mockFetch(loggedIn(ADMIN));
    renderRoute("/app");
    // The first render in a file also loads the route's chunk, slow on a busy machine.
    const account = await screen.findByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin");
    expect(screen.getByText("admin")).toBeTruthy();
  });

  it("shows no Admin link to other users", async () => {
    mockFetch(loggedIn());
    renderRoute("/app");
    const account = await screen.findByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Extension" })).toBeTruthy();
    expect(within(account).queryByRole("link", { name: "Admin" })).toBeNull();
  });

  it("logs out with the 'Logged out' toast, then sends the visitor to /auth", async () => {
    let loggedOut = false;
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${String(input)}`;
      if (key === "POST /api/logout") {
        loggedOut = true;
        return new Response(JSON.stringify({ message: "Logged out" }), { status: 200 });
      }
      if (key === "GET /api/me") {
        return loggedOut
          ? new Response(JSON.stringify({ message: "Not logged in" }), { status: 401 })
          : new Response(JSON.stringify({ user: TEST_USER }), { status: 200 });
      }
      return new Response(JSON.stringify({ message: `No route for ${key}` }), { status: 404 });
    });
    renderRoute("/app");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logged out")).toBeTruthy();
    expect(screen.getByText("You have been successfully logged out.")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/logout")).toHaveLength(1);
  });

  it("applies the account's saved theme in a new browser, and saves the header's theme choice with the account", async () => {
    window.localStorage.setItem("theme", "dark");
    document.documentElement.classList.add("dark");
    const fetchMock = mockFetch({
      ...loggedIn(),
      "GET /api/settings": { status: 200, body: { ...DEFAULT_SETTINGS, theme: "light" } },
      "POST /api/settings": { status: 200, body: { ...DEFAULT_SETTINGS, theme: "system" } },
    });
    renderRoute("/app");
    await waitFor(() => expect(document.documentElement.classList.contains("dark")).toBe(false));
    expect(window.localStorage.getItem("theme")).toBe("light");

    await userEvent.click(await screen.findByRole("button", { name: "Theme: light. Switch to system" }));
    await waitFor(() => {
      const posts = fetchMock.mock.calls.filter(([url, init]) => url === "/api/settings" && init?.method === "POST");
      expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ theme: "system" }]);
    });
  });
});

