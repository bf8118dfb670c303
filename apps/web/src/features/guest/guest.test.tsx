import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_MODE_KEY } from "@/lib/guest";
import { TEST_USER, loggedOut, mockFetch, renderRoute, serverConfig } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

beforeEach(() => window.localStorage.clear());

describe("guest mode", () => {
  it("'Continue as guest' opens the app with the guest header and the signup promotion", async () => {
    const fetchMock = mockFetch({ ...loggedOut(), ...serverConfig({ trialDays: 21 }) });
    renderRoute("/auth");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Continue as guest" }));

    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    expect(screen.getByText("Guest Session")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Join" }).getAttribute("href")).toBe("/auth");
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Settings" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Admin" })).toBeNull();
    expect(window.localStorage.getItem(GUEST_MODE_KEY)).toBe("1");
    // Nothing of the guest is sent to the server.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== "GET")).toBe(false);

    // The promotion says what an account gives: the server's trial length, then Free's 2 a day.
    expect(screen.getByText("21-day free trial of everything")).toBeTruthy();
    expect(screen.getByText("Then 2 focus sessions a day, free")).toBeTruthy();
    expect(screen.getByText("No credit card required")).toBeTruthy();
    expect(screen.queryByText(/unlimited/i)).toBeNull();
    // A guest has no plan line.
    expect(screen.queryByTestId("plan-line")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create Free Account (30s)" }));
    expect(await screen.findByRole("tab", { name: "Register", selected: true })).toBeTruthy();
  });

  it("is restored from this browser when the server has no session", async () => {
    window.localStorage.setItem(GUEST_MODE_KEY, "1");
    mockFetch(loggedOut());
    renderRoute("/app");
    expect(await screen.findByText("Guest Session")).toBeTruthy();
  });

  it("ends when the guest signs in", async () => {
    window.localStorage.setItem(GUEST_MODE_KEY, "1");
    mockFetch({ ...loggedOut(), "POST /api/login": { status: 200, body: { user: TEST_USER } } });
    renderRoute("/auth?tab=login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username or Email"), "calmcoder");
    await user.type(screen.getByLabelText("Password"), "secret-one");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("calmcoder")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(window.localStorage.getItem(GUEST_MODE_KEY)).toBeNull();
  });

  it("asks guests to log in when they try to upgrade, then opens /auth", async () => {
    window.localStorage.setItem(GUEST_MODE_KEY, "1");
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const fetchMock = mockFetch(loggedOut());
    renderRoute("/subscription");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Upgrade to Premium" }));
    expect(await screen.findByText("Authentication Required")).toBeTruthy();
    expect(screen.getByText("Please log in to upgrade your subscription.")).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Register", selected: true })).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/subscription/upgrade")).toBe(false);
  });
});
