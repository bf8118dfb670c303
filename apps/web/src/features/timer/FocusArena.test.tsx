import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TimerCommandBatch } from "@focus/core/timer";
import { DEFAULT_SETTINGS, type User } from "@focus/core/schemas";
import { newAccountTimer } from "@focus/core/timer";
import { cachedAccountTimer } from "@/runtime/accountTimerSync";
import { userKey } from "@/runtime/userStorage";
import { TEST_USER, focusEndedAgo, renderRoute } from "@/test/render";
import { accountTimerServer } from "@/test/accountTimerServer";

/** A Sunday noon: a session started then ends the same day. */
const NOON = new Date(2026, 10, 22, 12, 0).getTime();
/** A week of trial left, on the clock the test runs on. */
const inTrial = (): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });

/**
 * Answers the calls of /app by path prefix, the account timer's commands as `account` (the
 * server's side) runs them; records POSTed sessions.
 */
function serve(user: User, todaySessions: unknown[] = [], settings = DEFAULT_SETTINGS, account = accountTimerServer(user.id)) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json(200, { user });
      if (url === "/api/settings") return json(200, settings);
      if (url.startsWith("/api/sessions/range")) return json(200, todaySessions);
      if (url === "/api/sessions" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json(201, { id: 1, ...JSON.parse(String(init.body)) });
      }
      if (url === "/api/timer/commands") return json(200, account.answer(JSON.parse(String(init?.body)) as TimerCommandBatch));
      return json(404, { message: "not found" });
    }),
  );
  return posted;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("Focus Arena", () => {
  it("starts a focus session, shows Pause, and a mode change resets to that mode", async () => {
    serve(inTrial());
    renderRoute("/app");
    const display = await screen.findByTestId("timer-display");
    expect(display.textContent).toBe("25:00");
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Short Break" }));
    expect(screen.getByTestId("timer-display").textContent).toBe("05:00");
    expect(screen.getByRole("button", { name: "Start Break" })).toBeTruthy();
  });

  it("says beside Start that one session today keeps the streak, on the day it does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
    /** A completed 25-minute focus session at 9:00 on a day of November 2026. */
    const focusOn = (day: number) => ({ id: day, type: "focus", completed: true, duration: 1500, startTime: new Date(2026, 10, day, 9).toISOString() });
    // Focus on Thursday 19 and Friday 20, Saturday missed, nothing yet this Sunday.
    serve(inTrial(), [focusOn(19), focusOn(20)]);
    const first = renderRoute("/app");
    expect((await screen.findByTestId("streak-nudge")).textContent).toBe("One session today keeps your streak going.");
    first.unmount();
    // With 13–20 November focused (a freeze earned on the 7th day), the freeze is offered instead.
    serve(inTrial(), [13, 14, 15, 16, 17, 18, 19, 20].map(focusOn));
    renderRoute("/app");
    expect((await screen.findByTestId("streak-nudge")).textContent).toBe("A freeze covers today if you need it.");
  });

  it("warns before the end: an amber ring, the time it says is left, and ⏳ in the tab's title", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = NOON;
    vi.setSystemTime(start);
    serve(inTrial());
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    expect(screen.queryByTestId("end-warning")).toBeNull();
    expect(screen.getByTestId("progress-ring").hasAttribute("data-warning")).toBe(false);
    // The default warning comes 1 minute before the end (the page woke at 24:10).
    vi.setSystemTime(start + (24 * 60 + 10) * 1000);
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(screen.getByTestId("end-warning").textContent).toBe("The last minute"));
    expect(screen.getByTestId("progress-ring").hasAttribute("data-warning")).toBe(true);
    await waitFor(() => expect(document.title.startsWith("⏳ ")).toBe(true));
  });

  it("draws the time left as a shrinking disc when the user chose the disc, amber in the warning", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = NOON;
    vi.setSystemTime(start);
    serve(inTrial(), [], { ...DEFAULT_SETTINGS, timerDisplay: "disc" });
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    expect(screen.queryByTestId("progress-ring")).toBeNull();
    const disc = () => screen.getByTestId("progress-disc");
    const full = disc().getAttribute("d");
    // A quarter of the session later, three quarters of the disc are left.
    vi.setSystemTime(start + 6.25 * 60_000);
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("18:45"));
    expect(disc().getAttribute("d")).not.toBe(full);
    expect(disc().getAttribute("d")).toBe("M50 50L50 5A45 45 0 1 1 5 50Z");
    expect(disc().hasAttribute("data-warning")).toBe(false);
    vi.setSystemTime(start + 24.5 * 60_000);
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(disc().hasAttribute("data-warning")).toBe(true));
  });

  it("shows today's completed focus sessions and minutes from the server", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
    const startTime = new Date().toISOString();
    serve(inTrial(), [
      { startTime, duration: 1500, type: "focus", completed: true },
      { startTime, duration: 300, type: "break", completed: true },
      { startTime, duration: 600, type: "focus", completed: false },
    ]);
    renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    expect(screen.getByTestId("today-minutes").textContent).toBe("25");
  });

  it("tells a Free-plan user how many focus sessions are left today before they run out, with the way to Premium", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
    serve({ ...TEST_USER, trialEndDate: new Date(Date.now() - 86_400_000).toISOString() }, [focusEndedAgo(60)]);
    renderRoute("/app");
    const allowance = await screen.findByTestId("plan-allowance");
    expect(allowance.textContent).toMatch(/^1 of 2 free focus sessions left today\./);
    expect(within(allowance).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/subscription");
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("puts a calm card in place of Start once a Free-plan user's two focus sessions of the day are done, saying when the next one comes; a break still starts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
    serve({ ...TEST_USER, trialEndDate: new Date(Date.now() - 86_400_000).toISOString() }, [focusEndedAgo(120), focusEndedAgo(60)]);
    renderRoute("/app");
    const card = await screen.findByTestId("free-limit-card");
    expect(card.textContent).toBe("2 of 2 focus sessions today. More tomorrow at 00:00 (in 12\u00a0h), or every session with Premium.");
    expect(within(card).getByRole("link", { name: "every session with Premium." }).getAttribute("href")).toBe("/subscription");
    expect(screen.queryByRole("button", { name: "Start Focus" })).toBeNull();
    expect(screen.queryByTestId("plan-allowance")).toBeNull();
    expect(screen.queryByText("Daily Limit Reached")).toBeNull();
    // A break is still theirs, and while it waits the allowance line says today's are used.
    await userEvent.click(screen.getByRole("button", { name: "Short Break" }));
    expect((await screen.findByTestId("plan-allowance")).textContent).toMatch(/^You have used today's 2 free focus sessions\. Breaks are still yours\./);
    await userEvent.click(screen.getByRole("button", { name: "Start Break" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("shows no daily limit in the trial", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
    serve(inTrial(), [focusEndedAgo(60)]);
    renderRoute("/app");
    await screen.findByTestId("timer-display");
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    expect(screen.queryByTestId("plan-allowance")).toBeNull();
  });

  it("runs a room's round on the room's clock: no Pause, Reset or modes, and leaving the round gives them back", async () => {
    const user = inTrial();
    const now = Date.now();
    // The account's timer runs a room's focus round joined on another device, 20 minutes left.
    const inRound = {
      ...newAccountTimer(DEFAULT_SETTINGS, "0123456789abcdef0123", now),
      status: "running" as const,
      durationMs: 25 * 60_000,
      remainingMs: 20 * 60_000,
      endsAt: now + 20 * 60_000,
      sessionStartTime: now - 5 * 60_000,
      inRound: true,
      version: 1,
      commandVersion: 1,
    };
    window.localStorage.setItem(userKey(user.id, "account-timer"), JSON.stringify(inRound));
    const account = accountTimerServer(user.id);
    serve(user, [], DEFAULT_SETTINGS, account);
    renderRoute("/app");
    const bar = await screen.findByTestId("room-round");
    expect(bar.textContent).toMatch(/^A room's round until /);
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset timer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Short Break" })).toBeNull();
    await userEvent.click(within(bar).getByRole("button", { name: "Leave the round" }));
    // The rest of the round is the user's own: Pause is back, and the server was asked.
    await userEvent.click(await screen.findByRole("button", { name: "Pause" }));
    await waitFor(() => expect(cachedAccountTimer(user.id)).toMatchObject({ status: "paused", inRound: false }));
    expect(account.batches.flatMap((b) => b.commands.map((c) => c.command.type))).toEqual(["leaveRound", "pause"]);
  });

  it("keeps one copy of the account's timer on this device, the server's, and no timer-state of its own", async () => {
    const user = inTrial();
    serve(user);
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await waitFor(() => expect(cachedAccountTimer(user.id)).toMatchObject({ status: "running", mode: "focus" }));
    expect(window.localStorage.getItem("timer-state")).toBeNull();
  });
});

/** A WebSocket that opens on the next tick, as a reachable server's would. */
class OpeningWebSocket {
  static created = 0;
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor() {
    OpeningWebSocket.created++;
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

describe("Focus Arena: live sync status", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Sync offline' as soon as the browser goes offline, and reconnects when it is back", async () => {
    serve(inTrial());
    OpeningWebSocket.created = 0;
    vi.stubGlobal("WebSocket", OpeningWebSocket);
    renderRoute("/app");
    const status = await screen.findByTestId("live-status");
    await waitFor(() => expect(status.textContent).toBe("Synced"));

    const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    await waitFor(() => expect(screen.getByTestId("live-status").textContent).toBe("Sync offline"));

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.getByTestId("live-status").textContent).toBe("Synced"));
    expect(OpeningWebSocket.created).toBe(2);
  });
});
