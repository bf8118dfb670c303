import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { dispatchChangeTab, dispatchShowAuth } from "@/lib/events";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

describe("/app main view", () => {
  it("starts on the Focus Arena tab with the user's name and Logout in the header", async () => {
    mockFetch(loggedIn());
    renderRoute("/app");
    expect(await screen.findByRole("tab", { name: "Focus Arena", selected: true })).toBeTruthy();
    expect(screen.getByText("Focus Arena stub")).toBeTruthy();
    expect(screen.getByText("calmcoder")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Extension" }).getAttribute("href")).toBe("/extension");
    const labels = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(labels).toEqual(["Focus Arena", "Neural Audio", "Website Shield", "Statistics", "Settings"]);
  });

  it("switches tabs on the change-tab event", async () => {
    mockFetch(loggedIn());
    renderRoute("/app");
    await screen.findByRole("tab", { name: "Focus Arena", selected: true });

    act(() => dispatchChangeTab("stats"));
    expect(screen.getByRole("tab", { name: "Statistics", selected: true })).toBeTruthy();
    // The tab's code loads when it is first opened.
    expect(await screen.findByRole("heading", { name: "Your Focus Journey" })).toBeTruthy();
    expect(screen.getByRole("tabpanel").textContent).not.toContain("Focus Arena stub");
  });

  it("moves between tabs with the arrow keys", async () => {
    mockFetch(loggedIn());
    renderRoute("/app");
    const user = userEvent.setup();
    (await screen.findByRole("tab", { name: "Focus Arena" })).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("tab", { name: "Neural Audio", selected: true })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Neural Audio" })).toBeTruthy();
  });

  it("hides the settings tab for guests and shows Join", async () => {
    mockFetch(loggedIn({ ...TEST_USER, id: 0, username: "guest", isGuest: true }));
    renderRoute("/app");
    expect(await screen.findByText("Guest Session")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Settings" })).toBeNull();
    expect(screen.getByRole("link", { name: "Join" })).toBeTruthy();
  });

  it("opens /auth on the show-auth event", async () => {
    mockFetch({ ...loggedIn({ ...TEST_USER, isGuest: true }) });
    renderRoute("/app");
    await screen.findByRole("tab", { name: "Focus Arena" });
    act(() => dispatchShowAuth("login"));
    expect(await screen.findByRole("tab", { name: "Login", selected: true })).toBeTruthy();
  });

  it("redirects a logged-out visitor to /auth", async () => {
    mockFetch(loggedOut());
    renderRoute("/app");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
  });
});
