import { DEFAULT_SETTINGS, type User } from "@focus/core/schemas";
import type { TimerCommandBatch } from "@focus/core/timer";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast";
import { FakeLiveSocket } from "@/test/fakeLiveSocket";
import { TEST_USER, renderRoute } from "@/test/render";
import { accountTimerServer } from "@/test/accountTimerServer";

/** A week of trial left, on the clock the test runs on. */
const inTrial = (): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });

/** Answers /app's calls, the account timer's commands as the server runs them; counts the settings loads. */
function serve(settings: () => typeof DEFAULT_SETTINGS) {
  const loads = { settings: 0 };
  const account = accountTimerServer(TEST_USER.id);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json({ user: inTrial() });
      if (url === "/api/settings") {
        loads.settings += 1;
        return json(settings());
      }
      if (url.startsWith("/api/sessions")) return json([]);
      if (url === "/api/timer/commands") return json(account.answer(JSON.parse(String(init?.body)) as TimerCommandBatch));
      return new Response(JSON.stringify({ message: "not found" }), { status: 404 });
    }),
  );
  return Object.assign(loads, { account });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal("WebSocket", FakeLiveSocket);
});
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Undo after a reset or a mode change", () => {
  it("offers Undo when R resets a running focus session, and the U key brings it back running", async () => {
    // The clock stands still but for the test's three minutes, so the Undo comes within its 10 s
    // however slowly the page answers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0));
    const { account } = serve(() => DEFAULT_SETTINGS);
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    vi.setSystemTime(Date.now() + 3 * 60_000);
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("22:00"));
    await user.keyboard("r");
    const offer = (await screen.findByText("Focus session reset")).closest("li") as HTMLElement;
    expect(within(offer).getByText(/Your 3 minutes of focus are saved as a stopped session/)).toBeTruthy();
    expect(screen.getByTestId("timer-display").textContent).toBe("25:00");

    expect(within(offer).getByRole("button", { name: "Undo" })).toBeTruthy();
    await user.keyboard("u");
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.getByTestId("timer-display").textContent).toBe("22:00");
    // Each went to the account's timer, in order: the server's timer runs the session again too.
    await waitFor(() => expect(account.batches.flatMap((b) => b.commands.map((c) => c.command.type))).toEqual(["start", "reset", "undo"]));
  });

  it("offers nothing for a break or a session that never started", async () => {
    serve(() => DEFAULT_SETTINGS);
    renderRoute("/app");
    const user = userEvent.setup();
    await screen.findByTestId("timer-display");
    await user.keyboard("2");
    await user.keyboard("r");
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("05:00"));
    expect(screen.queryByText(/Undo brings the session back/)).toBeNull();
  });
});

describe("settings changed on another device", () => {
  it("loads the settings again when the server says they changed, and the waiting session takes the new length", async () => {
    let focusDuration = 25;
    const loads = serve(() => ({ ...DEFAULT_SETTINGS, focusDuration }));
    renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("25:00"));
    const before = loads.settings;
    focusDuration = 50;
    // The server speaks over an open connection: once the page has sent its first ping.
    await waitFor(() => expect(FakeLiveSocket.last?.sentOf("ping").length).toBeGreaterThan(0));
    FakeLiveSocket.last?.receive({ type: "settings_changed" });
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("50:00"));
    expect(loads.settings).toBe(before + 1);
  });
});
