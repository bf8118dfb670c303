import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, STORAGE_KEYS } from "@focus/core/constants";
import { localDayKey } from "@focus/core/format";
import { DEFAULT_SETTINGS, type Settings, type User } from "@focus/core/schemas";
import { FREE_DAILY_LIMIT_MESSAGE } from "@focus/core/subscription";
import type { TimerCommandBatch } from "@focus/core/timer";
import { dismissToast } from "@/components/ui/use-toast";
import { GUEST_USER } from "@/lib/guest";
import { disposeAudioEngine } from "@/runtime/audio/audioEngine";
import { TEST_USER, renderRoute } from "@/test/render";
import { accountTimerServer } from "@/test/accountTimerServer";
import { saveRunningFocus } from "@/test/timerState";

const NOON = new Date(2026, 10, 22, 12, 0);
const inTrial = (): User => ({ ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * DAY_MS).toISOString() });
/** The guest as the app knows one (guest mode on: `GET /api/me` is a 401 the app turns into this user). */
const guest = (): User => GUEST_USER;

type Answer = { status: number; body?: unknown; text?: string };

/**
 * Answers the calls of /app: the user, their settings, today's sessions (by the range's start
 * date, so each day can have its own) and the account timer's commands (`commands` answers
 * them instead when given). Returns the sessions the page posted (a signed-in device posts
 * none: the server records what its timer ends) and the server's side of the account's timer.
 */
function serve({
  user = inTrial(),
  settings = {},
  sessionsOn = () => [],
  commands,
}: {
  user?: User;
  settings?: Partial<Settings>;
  sessionsOn?: (startDate: Date) => unknown[];
  commands?: Answer;
} = {}) {
  const posted: unknown[] = [];
  const account = accountTimerServer(user.id);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const answer = ({ status, body, text }: Answer) =>
        new Response(text ?? JSON.stringify(body ?? null), { status, headers: { "Content-Type": "application/json" } });
      // A guest has no session on the server: the app turns the 401 into the guest (guest mode).
      if (url.pathname === "/api/me") return user.isGuest ? answer({ status: 401, body: { message: "Not authenticated" } }) : answer({ status: 200, body: { user } });
      if (url.pathname === "/api/settings") return answer({ status: 200, body: { ...DEFAULT_SETTINGS, ...settings } });
      if (url.pathname === "/api/sessions/range") {
        return answer({ status: 200, body: sessionsOn(new Date(url.searchParams.get("startDate") ?? "")) });
      }
      if (url.pathname === "/api/sessions" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return answer({ status: 201, body: { id: 1 } });
      }
      if (url.pathname === "/api/timer/commands" && init?.method === "POST") {
        return answer(commands ?? { status: 200, body: account.answer(JSON.parse(String(init.body)) as TimerCommandBatch) });
      }
      return answer({ status: 404, body: { message: "not found" } });
    }),
  );
  return Object.assign(posted, { account });
}

/**
 * The saved focus session (`saveRunningFocus(300)`) ends while the page shows it: once the timer
 * runs its last second, the clock passes the end, and the page's next tick (within a second)
 * completes it; waits until the break has taken over.
 */
async function sessionEnds() {
  await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("00:01"));
  vi.setSystemTime(Date.now() + 1000);
  await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("05:00"));
}

/** Finds the toast that says `description` and returns its title (the toast store outlives a test, so find by the new text). */
async function toastSaying(description: string) {
  const node = await screen.findByText(description);
  return within(node.closest("li") ?? document.body);
}

beforeEach(() => {
  window.localStorage.clear();
  // The toast store is module state: close the previous test's toast so it cannot answer for this one.
  dismissToast();
  // Time is the test's: a Sunday noon that stands still until a test moves it, so a session ends
  // when the test says, however long the page takes to load. The page's timers run as usual.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // The music player outlives a page by a few seconds (for the next page to take over): each test
  // starts without one, however long the last one took, so none is made from another test's stubs.
  disposeAudioEngine();
});

describe("Today's counters on a new day", () => {
  it("go back to zero at local midnight for a guest who leaves the timer idle", async () => {
    // The midnight timer must fire, so every timer is faked; the clock runs along with real time
    // (never faster) while the page loads, five minutes short of midnight.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 22, 23, 55));
    window.localStorage.setItem(STORAGE_KEYS.lastSessionDate, localDayKey(Date.now()));
    window.localStorage.setItem(STORAGE_KEYS.completedSessions, "2");
    window.localStorage.setItem(STORAGE_KEYS.totalFocusTime, "50");
    window.localStorage.setItem("timer-owner", String(guest().id));
    window.localStorage.setItem("guest-mode", "1");
    serve({ user: guest() });
    renderRoute("/app");
    expect((await screen.findByTestId("today-sessions")).textContent).toBe("2");
    expect(screen.getByTestId("today-minutes").textContent).toBe("50");

    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("0"));
    expect(screen.getByTestId("today-minutes").textContent).toBe("0");
    expect(window.localStorage.getItem(STORAGE_KEYS.lastSessionDate)).toBe("2026-11-23");
  });

  it("are asked for the new day when the page is shown again after midnight", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 22, 22, 0));
    const day1 = new Date(2026, 10, 22).getTime();
    serve({
      sessionsOn: (start) =>
        start.getTime() === day1 ? [{ startTime: new Date(2026, 10, 22, 9).toISOString(), duration: 1500, type: "focus", completed: true }] : [],
    });
    renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));

    // The machine slept through midnight: the clock jumps, no timer fires.
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId("today-sessions").textContent).toBe("1");

    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("0"));
    expect(screen.getByTestId("today-minutes").textContent).toBe("0");
  });
});

describe("a trial that ends while the app is open", () => {
  it("brings the Free plan's daily limit with no reload: with today's two sessions done, the next start is refused", async () => {
    const ended = (minutesAgo: number) => ({
      startTime: new Date(Date.now() - (minutesAgo + 25) * 60_000).toISOString(),
      duration: 1500,
      type: "focus",
      completed: true,
    });
    serve({ user: { ...TEST_USER, trialEndDate: new Date(Date.now() + 60_000).toISOString() }, sessionsOn: () => [ended(120), ended(60)] });
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Start Focus" }));
    await user.click(await screen.findByRole("button", { name: "Pause" }));

    // The trial ends a minute later, while the session is paused.
    vi.setSystemTime(Date.now() + 61_000);
    expect(screen.queryByText("Daily Limit Reached")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Resume" }));
    const toast = await toastSaying(FREE_DAILY_LIMIT_MESSAGE);
    expect(toast.getByText("Daily Limit Reached")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
  });
});

describe("a timer change the server refuses", () => {
  it("is shown with the server's reason (a 4xx with a JSON message), and the timer shows the server's", async () => {
    const reason = "Too many timer commands at once";
    serve({ commands: { status: 400, body: { message: reason } } });
    saveRunningFocus(300_000);
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Pause" }));
    const toast = await toastSaying(reason);
    expect(toast.getByText("Timer change not saved")).toBeTruthy();
    // The server's timer still runs: so does this device's.
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("is shown with the error's own text when the 4xx carries no message", async () => {
    serve({ commands: { status: 422, text: "Unprocessable" } });
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    const toast = await toastSaying("422: Unprocessable");
    expect(toast.getByText("Timer change not saved")).toBeTruthy();
  });
});

/**
 * An `Audio` that records the sounds it was asked to play (`new Audio(src).play()`); `fail` makes
 * their play() reject as for a missing file. It is a real audio element otherwise, so the app's
 * music player, which makes its element with `new Audio()`, works with it too.
 */
function stubAudio({ fail = false } = {}) {
  const played: string[] = [];
  const RealAudio = globalThis.Audio;
  function RecordingAudio(sound?: string): HTMLAudioElement {
    const element = new RealAudio(sound);
    if (sound !== undefined) {
      element.play = () => {
        played.push(sound);
        return fail ? Promise.reject(new DOMException("The element has no supported sources.", "NotSupportedError")) : Promise.resolve();
      };
    }
    return element;
  }
  vi.stubGlobal("Audio", RecordingAudio);
  return played;
}

/** A `Notification` with the given permission that records the notifications shown (titles, and bodies apart). */
function stubNotification(permission: NotificationPermission) {
  const shown: string[] = [];
  const bodies: string[] = [];
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal(
    "Notification",
    class {
      static permission = permission;
      static requestPermission = requestPermission;
      constructor(title: string, options?: NotificationOptions) {
        shown.push(title);
        bodies.push(options?.body ?? "");
      }
    },
  );
  return { shown, bodies, requestPermission };
}

describe("the end-of-session notice", () => {
  it("plays the chosen sound from /sounds when sound notifications are on", async () => {
    const played = stubAudio();
    serve({ settings: { notificationSound: "chime" } });
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    await waitFor(() => expect(played).toEqual(["/sounds/chime.mp3"]));
  });

  it("plays nothing when sound notifications are off", async () => {
    const played = stubAudio();
    serve({ settings: { soundNotifications: false } });
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    expect(played).toEqual([]);
  });

  it("plays nothing when the sound is 'none'", async () => {
    const played = stubAudio();
    serve({ settings: { notificationSound: "none" } });
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    expect(played).toEqual([]);
  });

  it("keeps the timer going when the sound file cannot be played", async () => {
    const played = stubAudio({ fail: true });
    const posted = serve();
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    expect(played).toEqual(["/sounds/bell.mp3"]);
    // The break starts on its own (auto-start breaks is on by default); the server records the session.
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it("shows a desktop notification when they are on and permitted", async () => {
    stubAudio();
    const { shown } = stubNotification("granted");
    serve();
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    await waitFor(() => expect(shown).toEqual(["Focus session complete"]));
  });

  it("shows no desktop notification when they are off", async () => {
    stubAudio();
    const { shown } = stubNotification("granted");
    serve({ settings: { desktopNotifications: false } });
    saveRunningFocus(300);
    renderRoute("/app");
    await sessionEnds();
    expect(shown).toEqual([]);
  });
});

describe("the desktop notification permission", () => {
  it("is asked for on the Start Focus click when notifications are on and the user has not answered", async () => {
    const { requestPermission } = stubNotification("default");
    serve();
    renderRoute("/app");
    const start = await screen.findByRole("button", { name: "Start Focus" });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(start);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("is not asked for when notifications are off, or already answered", async () => {
    const { requestPermission } = stubNotification("default");
    serve({ settings: { desktopNotifications: false } });
    const { unmount } = renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    unmount();
    window.localStorage.clear();

    const denied = stubNotification("denied");
    serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(denied.requestPermission).not.toHaveBeenCalled();
  });
});

describe("a session that ends on another page of the app", () => {
  it("rings, says what comes next and starts the break while the user is on /music, and is counted once", async () => {
    const played = stubAudio();
    const { shown, bodies } = stubNotification("granted");
    const posted = serve();
    saveRunningFocus(2500);
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("link", { name: "More Options" }));
    expect(await screen.findByRole("heading", { name: "Neural Audio Player" })).toBeTruthy();
    // The header keeps the running session in view, and the break takes over on its own.
    expect(screen.getByTestId("header-timer").textContent).toBe("00:03Focus");
    vi.setSystemTime(Date.now() + 2500);
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Short Break: 05:00 left/));
    expect(played).toEqual(["/sounds/bell.mp3"]);
    expect(shown).toEqual(["Focus session complete"]);
    expect(bodies).toEqual(["Your 5-minute short break starts now."]);
    expect(screen.getByRole("heading", { name: "Neural Audio Player" })).toBeTruthy();

    // Back on the Focus Arena: the same break runs, and the session counts once today; the device
    // posted no session (the server records what the account's timer ends).
    await userEvent.click(screen.getByRole("link", { name: "Back to the app" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Short Break" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    expect(posted).toHaveLength(0);
  });

  it("ends and hands over to the break while the user is on /settings", async () => {
    stubAudio();
    const posted = serve();
    saveRunningFocus(2500);
    renderRoute("/settings");
    expect(await screen.findByRole("heading", { name: "Focus Settings" })).toBeTruthy();
    expect((await screen.findByTestId("header-timer")).textContent).toBe("00:03Focus");
    vi.setSystemTime(Date.now() + 2500);
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Short Break: 05:00 left/));
    expect(posted).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "Focus Settings" })).toBeTruthy();
  });
});

describe("a session that ended while the app was closed", () => {
  it("is counted when the app opens 40 minutes later, quietly, with the break waiting", async () => {
    const played = stubAudio();
    const { shown } = stubNotification("granted");
    const posted = serve();
    // Started 55 minutes ago, ended 30 minutes ago, last saved 40 minutes ago.
    saveRunningFocus(-30 * 60_000, 40 * 60_000);
    renderRoute("/app");
    const toast = await toastSaying("It ended while Focus Flow was closed, and it is counted.");
    expect(toast.getByText(/^Focus session complete at /)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    expect(posted).toHaveLength(0);
    expect(played).toEqual([]);
    expect(shown).toEqual([]);
    // No break is replayed into the past: it waits for the user.
    expect(await screen.findByRole("button", { name: "Start Break" })).toBeTruthy();
    expect(screen.getByTestId("timer-display").textContent).toBe("05:00");
  });
});

describe("a paused session", () => {
  it("keeps its time in the tab title with a pause mark, offers Resume, and shows in the header off /app", async () => {
    serve();
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await waitFor(() => expect(document.title).toBe("25:00 · Focus · Focus Flow"));
    vi.setSystemTime(Date.now() + 90_000);
    await waitFor(() => expect(document.title).toBe("23:30 · Focus · Focus Flow"));
    await userEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();
    expect(document.title).toBe("⏸ 23:30 · Focus paused · Focus Flow");
    await userEvent.click(screen.getByRole("link", { name: "More Options" }));
    const header = await screen.findByTestId("header-timer");
    expect(header.getAttribute("aria-label")).toMatch(/^Focus: 23:30 paused/);
  });
});

describe("a guest's completed session", () => {
  it("is kept in this browser for the guest's own statistics, and nothing is posted", async () => {
    stubAudio();
    const posted = serve({ user: guest() });
    window.localStorage.setItem("guest-mode", "1");
    saveRunningFocus(300, 0, guest().id, true);
    renderRoute("/app");
    await sessionEnds();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("guest-sessions") ?? "[]")).toHaveLength(1));
    expect(JSON.parse(window.localStorage.getItem("guest-sessions") ?? "[]")[0]).toMatchObject({ type: "focus", duration: 1500, completed: true });
    expect(posted).toHaveLength(0);
  });
});

