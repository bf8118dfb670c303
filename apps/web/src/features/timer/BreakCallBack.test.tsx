import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS, type Settings, type User } from "@focus/core/schemas";
import { TEST_USER, renderRoute } from "@/test/render";

/** A week of trial left, on the clock the test runs on. */
const inTrial = (): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });
const NOTICE = "Your break is over. Ready when you are.";

/** Answers the calls of /app with `settings`; counts the sounds played. */
function serve(settings: Settings) {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json(200, { user: inTrial() });
      if (url === "/api/settings") return json(200, settings);
      if (url.startsWith("/api/sessions/range")) return json(200, []);
      if (url === "/api/sessions") return json(201, { id: 1 });
      return json(404, { message: "not found" });
    }),
  );
  return played;
}

/** Runs a 5-minute short break, started on a Sunday noon, to its end on a fake clock (the page wakes after it, as a hidden tab would). */
async function endABreak() {
  const start = new Date(2026, 10, 22, 12, 0).getTime();
  vi.setSystemTime(start);
  renderRoute("/app");
  await userEvent.click(await screen.findByRole("button", { name: "Short Break" }));
  await userEvent.click(screen.getByRole("button", { name: "Start Break" }));
  await screen.findByRole("button", { name: "Pause" });
  vi.setSystemTime(start + 5 * 60_000 + 500);
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a break that calls you back", () => {
  it("with the setting on, rings softly and keeps a notice up until dismissed", async () => {
    const played = serve({ ...DEFAULT_SETTINGS, breakCallBack: true, soundNotifications: false });
    await endABreak();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    await waitFor(() => expect(played.filter((src) => src.endsWith("/sounds/gentle.mp3"))).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it("starts the next focus session from the notice, which then goes away", async () => {
    serve({ ...DEFAULT_SETTINGS, breakCallBack: true, soundNotifications: false });
    await endABreak();
    await userEvent.click(await screen.findByRole("button", { name: "Start focus" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it("stays quiet with the setting off (the default)", async () => {
    const played = serve({ ...DEFAULT_SETTINGS, soundNotifications: false });
    await endABreak();
    await screen.findByRole("button", { name: "Start Focus" });
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(played).toEqual([]);
  });
});
