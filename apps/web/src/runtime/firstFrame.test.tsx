import { STORAGE_KEYS } from "@focus/core/constants";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, renderRoute, serveApp } from "@/test/render";
import { SIGNED_OUT_ELSEWHERE_MESSAGE } from "./sessionEnded";
import { userKey } from "./userStorage";

/** What a browser keeps of a user it loaded before: who is signed in, the user, their settings (a 40-minute focus). */
function savedHere() {
  window.localStorage.setItem("focus:signed-in-here", String(TEST_USER.id));
  window.localStorage.setItem(userKey(TEST_USER.id, "me"), JSON.stringify(TEST_USER));
  window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ ...DEFAULT_SETTINGS, focusDuration: 40 }));
}

/**
 * `serveApp` with `GET /api/me` and `GET /api/settings` held until `answer` is called with what
 * they answer: the page must draw without them.
 */
function serveWithHeldUser() {
  const held: Array<() => void> = [];
  const served = serveApp(TEST_USER);
  const table = served.getMockImplementation()!;
  let me: { status: number; body: unknown } | null = null;
  served.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url !== "/api/me" && url !== "/api/settings") return table(input, init);
    await new Promise<void>((resolve) => held.push(resolve));
    // A session the server no longer knows is refused on every call.
    if (me && (url === "/api/me" || me.status === 401)) return new Response(JSON.stringify(me.body), { status: me.status, headers: { "Content-Type": "application/json" } });
    return table(input, init);
  });
  return {
    answer(status: number, body: unknown) {
      me = { status, body };
      for (const release of held.splice(0)) release();
    },
  };
}

beforeEach(() => window.localStorage.clear());

describe("the first frame of a returning user", () => {
  it("shows the timer with the saved settings before the server answers, and goes on with its answer", async () => {
    savedHere();
    const server = serveWithHeldUser();
    renderRoute("/app");
    // Nothing has answered yet: the saved user and settings draw the page.
    expect((await screen.findByTestId("timer-display")).textContent).toBe("40:00");
    expect(screen.getByRole("button", { name: "Start Focus" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading your session" })).toBeNull();

    server.answer(200, { user: TEST_USER });
    // The server's settings (25 minutes) replace the saved ones on the idle timer.
    await vi.waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("25:00"));
  });

  it("sends a saved user the server no longer knows to the sign-in page, and forgets the copy", async () => {
    savedHere();
    const server = serveWithHeldUser();
    renderRoute("/app");
    await screen.findByTestId("timer-display");

    server.answer(401, { message: "Not authenticated" });
    expect((await screen.findByTestId("signed-out-notice")).textContent).toBe(SIGNED_OUT_ELSEWHERE_MESSAGE);
    expect(window.localStorage.getItem(userKey(TEST_USER.id, "me"))).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.settings)).toBeNull();
  });

  it("keeps a visitor with nothing saved waiting for the server", async () => {
    serveWithHeldUser();
    renderRoute("/app");
    expect(await screen.findByText("Loading your session")).toBeTruthy();
    expect(screen.queryByTestId("timer-display")).toBeNull();
  });

  it("keeps the user the server answered for the next visit", async () => {
    window.localStorage.setItem("focus:signed-in-here", String(TEST_USER.id));
    serveApp(TEST_USER);
    renderRoute("/app");
    await screen.findByTestId("timer-display");
    await vi.waitFor(() => expect(JSON.parse(window.localStorage.getItem(userKey(TEST_USER.id, "me")) ?? "null")).toEqual(TEST_USER));
  });
});
