import { STORAGE_KEYS } from "@focus/core/constants";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
 * they answer: the page must draw without them. A held call the page called off meanwhile fails
 * as a browser's does (AbortError). `answer` resolves once every held call has been answered.
 */
function serveWithHeldUser() {
  const held: Array<() => void> = [];
  const answered: Promise<unknown>[] = [];
  const calledOff: string[] = [];
  const signedIn = { status: 200, body: { user: TEST_USER } };
  const served = serveApp(TEST_USER, (url, init) => (init?.method === "POST" && (url === "/api/login" || url === "/api/register") ? signedIn : undefined));
  const table = served.getMockImplementation()!;
  let me: { status: number; body: unknown } | null = null;
  let answersLater = true;
  served.mockImplementation((input, init) => {
    const url = String(input);
    if (url !== "/api/me" && url !== "/api/settings") return table(input, init);
    const answer = (async () => {
      // Held until `answer`; after it, held again only when that answer was for the held calls alone.
      if (!me || !answersLater) await new Promise<void>((resolve) => held.push(resolve));
      if (init?.signal?.aborted) {
        calledOff.push(url);
        throw new DOMException("The operation was aborted.", "AbortError");
      }
      // A session the server no longer knows is refused on every call.
      if (me && (url === "/api/me" || me.status === 401)) return new Response(JSON.stringify(me.body), { status: me.status, headers: { "Content-Type": "application/json" } });
      return table(input, init);
    })();
    answered.push(answer.catch(() => undefined));
    return answer;
  });
  return {
    /** The held calls the page called off before they were answered. */
    calledOff: () => calledOff,
    /**
     * Answers the held calls with `status` and `body` (a 401 refuses every call); calls made
     * later get the same answer (one the page makes late on a slow machine), unless `heldOnly`:
     * then they stay held, as an answer to a load made before a sign-in says nothing about after.
     */
    async answer(status: number, body: unknown, { heldOnly = false } = {}) {
      me = { status, body };
      answersLater = !heldOnly;
      for (const release of held.splice(0)) release();
      await act(() => Promise.all(answered));
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

    await server.answer(200, { user: TEST_USER });
    // The server's settings (25 minutes) replace the saved ones on the idle timer.
    await vi.waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("25:00"));
  });

  it("sends a saved user the server no longer knows to the sign-in page, and forgets the copy", async () => {
    savedHere();
    const server = serveWithHeldUser();
    renderRoute("/app");
    await screen.findByTestId("timer-display");

    await server.answer(401, { message: "Not authenticated" });
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

  it("keeps a sign-in made on the page while the first /api/me was still on its way", async () => {
    window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(DEFAULT_SETTINGS));
    const server = serveWithHeldUser();
    renderRoute("/auth?tab=login");
    // The sign-in page is usable at once (it is the page the server sent already rendered).
    await userEvent.type(await screen.findByLabelText("Username or Email"), TEST_USER.username);
    await userEvent.type(screen.getByLabelText("Password"), "calm-focus-42");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByTestId("timer-display")).toBeTruthy();
    // The first load's answer, asked before the sign-in, says nobody: it must change nothing.
    await server.answer(401, { message: "Not authenticated" }, { heldOnly: true });
    expect(server.calledOff()).toContain("/api/me");
    expect(screen.queryByTestId("signed-out-notice")).toBeNull();
    expect(screen.getByTestId("timer-display")).toBeTruthy();
    expect(window.localStorage.getItem("focus:signed-in-here")).toBe(String(TEST_USER.id));
  });

  it("keeps the plan step of a registration made while the first /api/me was still on its way", async () => {
    const server = serveWithHeldUser();
    renderRoute("/auth");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), TEST_USER.username);
    await user.type(screen.getByLabelText("Email"), "calm@example.com");
    await user.type(screen.getByLabelText("Password"), "calm-focus-42");
    await user.type(screen.getByLabelText("Confirm Password"), "calm-focus-42");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("heading", { name: /has started$/ })).toBeTruthy();
    // The sign-in page stays open for the plan step: the first load's "nobody" must not undo the registration.
    await server.answer(401, { message: "Not authenticated" }, { heldOnly: true });
    expect(server.calledOff()).toContain("/api/me");
    expect(screen.getByRole("heading", { name: /has started$/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create Account" })).toBeNull();
  });
});
