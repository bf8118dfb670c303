import { STORAGE_KEYS } from "@focus/core/constants";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { createQueryClient } from "@/lib/queryClient";
import { queryKeys } from "@/lib/queryKeys";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";
import { SIGNED_OUT_ELSEWHERE_MESSAGE } from "./sessionEnded";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

describe("a sign-in that ended elsewhere", () => {
  it("forgets the user's timer in this browser and says why on the sign-in page, on the Login tab", async () => {
    window.localStorage.setItem("focus:signed-in-here", String(TEST_USER.id));
    window.localStorage.setItem(STORAGE_KEYS.timerState, JSON.stringify({ mode: "focus" }));
    mockFetch(loggedOut());
    renderRoute("/app");
    expect((await screen.findByTestId("signed-out-notice")).textContent).toBe(SIGNED_OUT_ELSEWHERE_MESSAGE);
    expect(screen.getByRole("tab", { name: "Login" }).getAttribute("aria-selected")).toBe("true");
    expect(window.localStorage.getItem(STORAGE_KEYS.timerState)).toBeNull();
    expect(window.localStorage.getItem("focus:signed-in-here")).toBeNull();
  });

  it("greets a visitor who was never signed in here as before: Register, no notice", async () => {
    mockFetch(loggedOut());
    renderRoute("/app");
    expect(await screen.findByRole("tab", { name: "Register", selected: true })).toBeTruthy();
    expect(screen.queryByTestId("signed-out-notice")).toBeNull();
  });

  it("remembers who is signed in here", async () => {
    mockFetch({ ...loggedIn(TEST_USER) });
    renderRoute("/auth?tab=login");
    await vi.waitFor(() => expect(window.localStorage.getItem("focus:signed-in-here")).toBe(String(TEST_USER.id)));
  });

  it("loads the user again when a call is refused with 401 while someone is signed in", async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, TEST_USER);
    await client
      .fetchQuery({ queryKey: ["/api/tasks"], queryFn: () => Promise.reject(new ApiError(401, "Not authenticated", "Not authenticated")) })
      .catch(() => undefined);
    expect(client.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
    // A refused sign-in (nobody signed in yet) loads nothing again.
    const visitor = createQueryClient();
    visitor.setQueryData(queryKeys.me, null);
    await visitor.fetchQuery({ queryKey: ["/api/x"], queryFn: () => Promise.reject(new ApiError(401, "Invalid username or password")) }).catch(() => undefined);
    expect(visitor.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
  });
});
