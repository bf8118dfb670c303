import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS, type Settings, type User } from "@focus/core/schemas";
import type { TimerCommandBatch } from "@focus/core/timer";
import { TEST_USER, renderRoute } from "@/test/render";
import { accountTimerServer } from "@/test/accountTimerServer";

/** A week of trial left, on the clock the test runs on. */
const inTrial = (): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });
const MIN = 60_000;
/** A Sunday, at `hour`:00: the test's sessions start and end that day. */
const sundayAt = (hour: number) => new Date(2026, 10, 22, hour, 0).getTime();

/**
 * Answers the calls of /app by path prefix, the account timer's commands as the server runs
 * them; records sessions the page posted (a signed-in device posts none).
 */
function serve(settings: Settings = DEFAULT_SETTINGS) {
  const posted: { type: string; duration: number; completed: boolean }[] = [];
  const account = accountTimerServer(TEST_USER.id);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json(200, { user: inTrial() });
      if (url === "/api/settings") return json(200, settings);
      if (url.startsWith("/api/sessions/range")) return json(200, []);
      if (url === "/api/sessions" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json(201, { id: 1, ...JSON.parse(String(init.body)) });
      }
      if (url === "/api/timer/commands") return json(200, account.answer(JSON.parse(String(init?.body)) as TimerCommandBatch));
      return json(404, { message: "not found" });
    }),
  );
  return Object.assign(posted, { account });
}

/** Moves the clock on and wakes the page, as a tab shown again does. */
function wakeAt(at: number) {
  vi.setSystemTime(at);
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Focus Arena: Flowtime", () => {
  it("counts up with the break earned so far, and 'Take a break' ends the session (counted today) and starts its break", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = sundayAt(12);
    vi.setSystemTime(start);
    const posted = serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("switch", { name: "Flowtime" }));
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect((await screen.findByTestId("timer-display")).getAttribute("aria-label")).toBe("00:00 so far");
    expect(screen.getByText("Flowtime")).toBeTruthy();

    wakeAt(start + 30 * MIN);
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("30:00"));
    expect(screen.getByTestId("flow-status").textContent).toContain("Break earned: 6 min");
    expect(screen.queryByTestId("end-warning")).toBeNull();
    expect(screen.queryByTestId("flow-cue")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Take a break" }));
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("06:00"));
    expect(screen.getByTestId("timer-display").getAttribute("aria-label")).toMatch(/left$/);
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    // The command reached the account's timer, which recorded the session; the page posted none.
    await waitFor(() => expect(posted.account.batches.flatMap((b) => b.commands.map((c) => c.command.type))).toContain("takeBreak"));
    expect(posted).toHaveLength(0);
  });

  it("suggests a break calmly at the long-stretch cue, and the session goes on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = sundayAt(9);
    vi.setSystemTime(start);
    serve({ ...DEFAULT_SETTINGS, focusStyle: "flowtime", flowCueMinutes: 45 });
    renderRoute("/app");
    // The setting makes the switch start on.
    expect((await screen.findByRole("switch", { name: "Flowtime" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    wakeAt(start + 45 * MIN);
    expect((await screen.findByTestId("flow-cue")).textContent).toContain("long stretch");
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
  });
});

describe("Focus Arena: Five more minutes", () => {
  it("offers +5 min only in the last 2 minutes, and it moves the same session's end 5 minutes on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = sundayAt(12);
    vi.setSystemTime(start);
    serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    expect(screen.queryByRole("button", { name: /^\+5 min/ })).toBeNull();

    wakeAt(start + 23 * MIN + 30_000);
    const extend = await screen.findByRole("button", { name: /^\+5 min/ });
    await userEvent.click(extend);
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("06:30"));
    expect(screen.queryByRole("button", { name: /^\+5 min/ })).toBeNull();
  });

  it("offers +5 min for 10 s after the end, and it brings the same session back running", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = sundayAt(12);
    vi.setSystemTime(start);
    serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    wakeAt(start + 25 * MIN + 3000);
    const offer = (await screen.findByText("In the middle of something? +5 min gives this same session five more minutes (key +).")).closest("li") as HTMLElement;
    expect(within(offer).getByRole("button", { name: /^\+5 min/ })).toBeTruthy();
    // The key + does what the notice's button does (a click on a toast's action needs pointer capture, which the test DOM lacks).
    await userEvent.keyboard("+");
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("04:57"));
    expect(screen.getByRole("button", { name: "Focus" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("the + key does the same", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = sundayAt(12);
    vi.setSystemTime(start);
    serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    wakeAt(start + 24 * MIN);
    await screen.findByRole("button", { name: /^\+5 min/ });
    await userEvent.keyboard("+");
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("06:00"));
  });
});
