// @vitest-environment jsdom
// jsdom: the mini timer's window is an iframe's, and happy-dom loads no iframe to post messages to.
import { type AudioMoodId, type AudioFile } from "@focus/core/audio";
import { type FromMiniTimerMessage, type MiniTimerAudioState, type ToMiniTimerMessage } from "@focus/core/protocol";
import { type User } from "@focus/core/schemas";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { disposeAudioEngine, getAudioEngine } from "@/runtime/audio/audioEngine";
import { stubMediaElements } from "@/features/audio/testMedia";
import { TEST_USER, renderRoute, serveApp } from "@/test/render";
import { MiniTimerPage } from "./MiniTimerPage";

/**
 * The mini timer link both ways: the main window (/app) and the popup each talk to the other
 * window, here a same-origin iframe's window standing in for it.
 */

const inTrial: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };
const guest: User = { ...TEST_USER, id: 0, username: "Guest", isGuest: true };

const track = (mood: AudioMoodId, slug: string, title: string): AudioFile => ({
  name: title,
  filename: `${slug}.mp3`,
  path: `${mood}/${slug}.mp3`,
  title,
  durationSeconds: 96,
});
const LIBRARY: Partial<Record<AudioMoodId, AudioFile[]>> = {
  "deep-work": [track("deep-work", "steady-beta", "Steady Beta"), track("deep-work", "deep-current", "Deep Current")],
  "light-work": [track("light-work", "open-window", "Open Window")],
};

/** Answers the main window's calls: the user, settings, sessions and the audio lists. */
function serve(user: User) {
  serveApp(user, (url) => {
    const list = /^\/api\/audio\/local\/list\/(.+)$/.exec(url);
    return list ? { status: 200, body: { files: LIBRARY[list[1] as AudioMoodId] ?? [] } } : undefined;
  });
}

let other: HTMLIFrameElement;
let otherWindow: Window;
let posted: MockInstance<Window["postMessage"]>;

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  other = document.createElement("iframe");
  document.body.append(other);
  otherWindow = other.contentWindow!;
  posted = vi.spyOn(otherWindow, "postMessage").mockImplementation(() => {});
});
afterEach(() => {
  disposeAudioEngine();
  other.remove();
  vi.restoreAllMocks();
});

/** A message from `source` (the other window by default), as the browser delivers it. */
function deliver(data: unknown, source: Window = otherWindow) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin: window.location.origin, source }));
  });
}

/** Every message this window sent the other one. */
const sent = () => posted.mock.calls.map(([message]) => message as ToMiniTimerMessage | FromMiniTimerMessage);
const lastAudioSent = () => sent().filter((m): m is Extract<ToMiniTimerMessage, { action: "updateAudio" }> => m.action === "updateAudio").at(-1);

describe("main window side of the mini timer", () => {
  /** /app with the mini timer opened into the other window. */
  async function openMiniTimer(user: User = inTrial) {
    const media = stubMediaElements();
    serve(user);
    vi.spyOn(window, "open").mockReturnValue(otherWindow);
    renderRoute("/app");
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole("button", { name: "Open mini timer" }));
    await screen.findByRole("button", { name: "Mini timer open" });
    return { media, clicks };
  }

  it("answers miniTimerReady and requestTimerSync with the timer, the mood and the player's state", async () => {
    await openMiniTimer();
    deliver({ action: "miniTimerReady" });
    expect(sent()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "updateTimer", timerState: expect.objectContaining({ mode: "focus", isActive: false }) }),
        { action: "updateMood", mood: null },
        { action: "updateAudio", mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0.7, isGuest: false, freePlan: false },
      ]),
    );
    posted.mockClear();
    deliver({ action: "requestTimerSync" });
    expect(sent().map((m) => m.action)).toEqual(["updateTimer", "updateMood", "updateAudio"]);
  });

  it("a mood picked in the mini timer plays in the main window, and the mini timer hears it play", async () => {
    const { media } = await openMiniTimer();
    deliver({ action: "loadMoodAudio", mood: "light-work" });
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toBe("Open Window"));
    expect(media.played).toEqual([`/api/audio/stream?path=${encodeURIComponent("light-work/open-window.mp3")}`]);
    expect(getAudioEngine().element.paused).toBe(false);
    expect(sent()).toContainEqual({ action: "updateMood", mood: "light-work" });
    expect(lastAudioSent()).toMatchObject({ mood: "light-work", trackName: "Open Window", status: "playing", isPlaying: true });
  });

  it("pause, play (and their *Music aliases) and Change Flow from the mini timer drive the main window's player", async () => {
    await openMiniTimer();
    deliver({ action: "selectMood", mood: "deep-work" });
    await screen.findByRole("button", { name: "Pause Deep Work" });

    deliver({ action: "pauseAudio" });
    expect(await screen.findByRole("button", { name: "Play Deep Work" })).toBeTruthy();
    expect(getAudioEngine().element.paused).toBe(true);
    expect(lastAudioSent()).toMatchObject({ status: "paused", isPlaying: false });

    deliver({ action: "playMusic" });
    expect(await screen.findByRole("button", { name: "Pause Deep Work" })).toBeTruthy();
    deliver({ action: "pauseMusic" });
    expect(await screen.findByRole("button", { name: "Play Deep Work" })).toBeTruthy();
    deliver({ action: "playAudio", mood: "deep-work" });
    expect(await screen.findByRole("button", { name: "Pause Deep Work" })).toBeTruthy();

    const first = screen.getByTestId("now-playing").textContent;
    deliver({ action: "mini-timer-change-track" });
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).not.toBe(first));
    expect(lastAudioSent()).toMatchObject({ mood: "deep-work", isPlaying: true, trackName: screen.getByTestId("now-playing").textContent });
  });

  it("tells the mini timer when the main window's own controls play, pause or mute", async () => {
    const { clicks } = await openMiniTimer();
    const moods = screen.getByRole("group", { name: "Moods" });
    await clicks.click(within(moods).getByRole("button", { name: "Deep Work" }));
    await waitFor(() => expect(lastAudioSent()).toMatchObject({ mood: "deep-work", isPlaying: true }));
    await clicks.click(screen.getByRole("button", { name: "Pause Deep Work" }));
    await waitFor(() => expect(lastAudioSent()).toMatchObject({ status: "paused", isPlaying: false }));
    await clicks.click(screen.getByRole("button", { name: "Play Deep Work" }));
    await waitFor(() => expect(lastAudioSent()).toMatchObject({ status: "playing", isPlaying: true }));
    await clicks.click(document.body);
    await clicks.keyboard("m");
    await waitFor(() => expect(lastAudioSent()).toMatchObject({ volume: 0 }));
  });

  it("keeps a guest's mini timer to Deep Work: another mood does not play", async () => {
    const { media } = await openMiniTimer(guest);
    deliver({ action: "miniTimerReady" });
    expect(lastAudioSent()).toMatchObject({ isGuest: true });
    deliver({ action: "loadMoodAudio", mood: "light-work" });
    deliver({ action: "playAudio", mood: "light-work" });
    expect(console.warn).toHaveBeenCalledWith("Guests can only play Deep Work (asked for light-work)");
    expect(media.played).toEqual([]);
    expect(screen.getByTestId("now-playing").textContent).toBe("Not playing");
    deliver({ action: "loadMoodAudio", mood: "deep-work" });
    await waitFor(() => expect(media.played).toHaveLength(1));
  });

  it("ignores audio actions from a window that is not its mini timer, and malformed ones", async () => {
    const { media } = await openMiniTimer();
    const stranger = document.createElement("iframe");
    document.body.append(stranger);
    deliver({ action: "loadMoodAudio", mood: "light-work" }, stranger.contentWindow!);
    deliver({ action: "loadMoodAudio", mood: "metal" });
    deliver({ action: "loadMoodAudio" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(media.played).toEqual([]);
    stranger.remove();
  });
});

describe("mini timer popup", () => {
  const PLAYING: MiniTimerAudioState = { mood: "light-work", trackName: "Open Window", status: "playing", isPlaying: true, volume: 0.7, isGuest: false };

  beforeEach(() => {
    Object.defineProperty(window, "opener", { value: otherWindow, configurable: true, writable: true });
    // The popup pings the main window every second: its interval is faked, so the messages a test
    // checks are the ones its clicks sent, however long the clicks take.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(window, "opener", { value: null, configurable: true, writable: true });
  });

  const audio = () => screen.getByRole("region", { name: "Audio" });

  it("says it is ready, then shows the main window's mood, track and Playing; pause and Change Flow go to the main window", async () => {
    render(<MiniTimerPage />);
    expect(sent()).toContainEqual({ action: "miniTimerReady" });
    deliver({ action: "updateMood", mood: "light-work" });
    deliver({ action: "updateAudio", ...PLAYING });
    expect(within(audio()).getByTestId("mini-audio-track").textContent).toBe("Open Window");
    expect(within(audio()).getByTestId("mini-audio-status").textContent).toBe("☀️ Light Work · Playing");
    expect(within(audio()).getByRole("button", { name: "Light Work" }).getAttribute("aria-pressed")).toBe("true");

    const user = userEvent.setup();
    posted.mockClear();
    await user.click(within(audio()).getByRole("button", { name: "Pause audio" }));
    await user.click(within(audio()).getByRole("button", { name: "Change Flow" }));
    expect(sent()).toEqual([{ action: "pauseAudio" }, { action: "mini-timer-change-track" }]);

    deliver({ action: "updateMusic", ...PLAYING, status: "paused", isPlaying: false });
    expect(within(audio()).getByTestId("mini-audio-status").textContent).toBe("☀️ Light Work · Paused");
    posted.mockClear();
    await user.click(within(audio()).getByRole("button", { name: "Play audio" }));
    expect(sent()).toEqual([{ action: "playAudio", mood: "light-work" }]);
  });

  it("offers no Pause or Reset during a strict focus session, and says where End early is", () => {
    render(<MiniTimerPage />);
    const now = Date.now();
    const running = { isActive: true, currentTime: 1200, mode: "focus", progress: 20, endsAt: now + 1_200_000, durationMs: 1_500_000, sessionStartTime: now - 300_000 };
    deliver({ action: "updateTimer", timerState: { ...running, strict: true } });
    expect(screen.getByTestId("mini-timer-strict").textContent).toContain("End early is in the Focus Arena");
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset timer" })).toBeNull();
    deliver({ action: "updateTimer", timerState: running });
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset timer" })).toBeTruthy();
  });

  it("picks a mood with the keyboard; play with nothing picked asks for Deep Work", async () => {
    render(<MiniTimerPage />);
    deliver({ action: "updateAudio", mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0.7, isGuest: false });
    expect(within(audio()).getByTestId("mini-audio-track").textContent).toBe("No audio");
    expect(within(audio()).getByRole("button", { name: "Change Flow" }).hasAttribute("disabled")).toBe(true);
    const user = userEvent.setup();
    posted.mockClear();
    within(audio()).getByRole("button", { name: "Creative" }).focus();
    await user.keyboard("{Enter}");
    await user.click(within(audio()).getByRole("button", { name: "Play audio" }));
    expect(sent()).toEqual([
      { action: "loadMoodAudio", mood: "creative" },
      { action: "playAudio", mood: "deep-work" },
    ]);
  });

  it("locks every mood but Deep Work for a guest, and every control until the main window has spoken", () => {
    render(<MiniTimerPage />);
    const moods = () => within(audio()).getByRole("group", { name: "Moods" });
    expect(within(moods()).getAllByRole("button").every((b) => b.hasAttribute("disabled"))).toBe(true);
    expect(within(audio()).getByRole("button", { name: "Play audio" }).hasAttribute("disabled")).toBe(true);
    deliver({ action: "updateAudio", mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0.7, isGuest: true });
    expect(within(moods()).getAllByRole("button").map((b) => [b.textContent, b.hasAttribute("disabled")])).toEqual([
      ["🧠Deep Work", false],
      ["☀️Light Work", true],
      ["🎨Creative", true],
      ["🌙Relax", true],
    ]);
  });

  it("locks Creative and Relax on the Free plan, as the main window does", () => {
    render(<MiniTimerPage />);
    deliver({ action: "updateAudio", mood: null, trackName: null, status: "idle", isPlaying: false, volume: 0.7, isGuest: false, freePlan: true });
    const moods = within(audio()).getByRole("group", { name: "Moods" });
    expect(within(moods).getAllByRole("button").map((b) => [b.textContent, b.hasAttribute("disabled")])).toEqual([
      ["🧠Deep Work", false],
      ["☀️Light Work", false],
      ["🎨Creative", true],
      ["🌙Relax", true],
    ]);
  });

  it("ignores audio updates from any window but the one that opened it", () => {
    render(<MiniTimerPage />);
    const stranger = document.createElement("iframe");
    document.body.append(stranger);
    deliver({ action: "updateAudio", ...PLAYING }, stranger.contentWindow!);
    expect(within(audio()).getByTestId("mini-audio-track").textContent).toBe("No audio");
    deliver({ action: "updateAudio", ...PLAYING, volume: 3 });
    expect(within(audio()).getByTestId("mini-audio-track").textContent).toBe("No audio");
    stranger.remove();
  });
});
