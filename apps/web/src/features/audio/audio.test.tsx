// @vitest-environment jsdom
// jsdom: a disabled fieldset's radios must match `:disabled`, which happy-dom does not do.
import { type AudioFile, type AudioFileList, type AudioMoodId } from "@focus/core/audio";
import { DEFAULT_SETTINGS, type Settings, type User } from "@focus/core/schemas";
import { FREE_TRACKS_MESSAGE, GUEST_TRACKS_MESSAGE } from "@focus/core/subscription";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, renderRoute } from "@/test/render";
import { useAudioPlayer } from "@/runtime/audio/audioEngineContext";
import { disposeAudioEngine, getAudioEngine } from "@/runtime/audio/audioEngine";
import { stubMediaElements } from "./testMedia";

const GUEST_NOTE = "Guest mode: Only Deep Work flow available. Register for full access to all neural audio patterns.";
const inTrial: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };
const guest: User = { ...TEST_USER, id: 0, username: "Guest", isGuest: true };
/** A user whose trial is over: the Free plan. */
const freeUser: User = { ...TEST_USER, trialEndDate: new Date(Date.now() - 86_400_000).toISOString() };

const track = (mood: AudioMoodId, slug: string, title: string): AudioFile => ({
  name: title,
  filename: `${slug}.mp3`,
  path: `${mood}/${slug}.mp3`,
  title,
  durationSeconds: 96,
});
/** A mood's answer: its files, the whole list answer (with `pending`), or an error status. */
type MoodAnswer = AudioFile[] | AudioFileList | number;
const LIBRARY: Partial<Record<AudioMoodId, MoodAnswer>> = {
  "deep-work": [track("deep-work", "steady-beta", "Steady Beta"), track("deep-work", "deep-current", "Deep Current")],
  "light-work": [track("light-work", "open-window", "Open Window")],
  creative: 500,
  relax: [],
};

/** Deep Work as the generated library has it (the Free plan's two tracks among four others), and Light Work with the third. */
const FULL_LIBRARY: typeof LIBRARY = {
  ...LIBRARY,
  "deep-work": [
    ["flow-state", "Flow State"],
    ["steady-beta", "Steady Beta"],
    ["night-shift", "Night Shift"],
    ["deep-current", "Deep Current"],
    ["focus-tunnel", "Focus Tunnel"],
    ["long-haul", "Long Haul"],
  ].map(([slug, title]) => ({ ...track("deep-work", slug!, title!), description: `${title} track` })),
  "light-work": [track("light-work", "morning-desk", "Morning Desk"), track("light-work", "open-window", "Open Window")],
};

/**
 * Answers the app's calls by path; audio lists from `library` (a number is an error status). The
 * settings are kept as the server keeps them: each save merges its changes and answers the whole.
 */
function serve(user: User | null, options: { library?: typeof LIBRARY; settings?: Settings } = {}) {
  const library = options.library ?? LIBRARY;
  let settings = options.settings ?? DEFAULT_SETTINGS;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/me") return user ? json(200, { user }) : json(401, { message: "Not logged in" });
    if (url === "/api/settings" && (init?.method ?? "GET") === "GET") return json(200, settings);
    if (url === "/api/settings") {
      settings = { ...settings, ...(JSON.parse(String(init?.body)) as Partial<Settings>) };
      return json(200, settings);
    }
    if (url.startsWith("/api/sessions/range")) return json(200, []);
    const list = /^\/api\/audio\/local\/list\/(.+)$/.exec(url);
    if (list) {
      const answer = library[list[1] as AudioMoodId];
      if (typeof answer === "number") return json(answer, { message: "boom" });
      return json(200, Array.isArray(answer) || answer === undefined ? { files: answer ?? [] } : answer);
    }
    return json(404, { message: "not found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/audio/local/list/"));

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  disposeAudioEngine();
  vi.restoreAllMocks();
});

describe("Focus Arena: Neural Audio card", () => {
  it("shows guests Deep Work only: the other three moods are locked, with the note word for word", async () => {
    stubMediaElements();
    serve(guest);
    renderRoute("/app");
    const card = (await screen.findByRole("heading", { name: "Neural Audio" })).closest("div.rounded-xl") as HTMLElement;
    const moods = within(card).getByRole("group", { name: "Moods" });
    expect(within(moods).getByRole("button", { name: "Deep Work" }).hasAttribute("disabled")).toBe(false);
    for (const name of ["Light Work", "Creative", "Relax"]) {
      expect(within(moods).getByRole("button", { name }).hasAttribute("disabled")).toBe(true);
    }
    expect(within(moods).getAllByTestId("mood-lock")).toHaveLength(3);
    expect(within(card).getByText(GUEST_NOTE)).toBeTruthy();
    expect(within(card).getByRole("link", { name: "More Options" }).getAttribute("href")).toBe("/music");
  });

  it("a mood plays a track of that mood; the active mood again clears it", async () => {
    const { played } = stubMediaElements();
    const fetchMock = serve(inTrial);
    renderRoute("/app");
    const user = userEvent.setup();
    const moods = await screen.findByRole("group", { name: "Moods" });
    expect(screen.queryByText(GUEST_NOTE)).toBeNull();

    await user.click(within(moods).getByRole("button", { name: "Light Work" }));
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toBe("Open Window"));
    expect(within(moods).getByRole("button", { name: "Light Work" }).getAttribute("aria-pressed")).toBe("true");
    expect(listCalls(fetchMock)).toEqual(["/api/audio/local/list/light-work"]);
    expect(played).toEqual([`/api/audio/stream?path=${encodeURIComponent("light-work/open-window.mp3")}`]);
    expect(screen.getByRole("button", { name: "Pause Light Work" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Pause Light Work" }));
    expect(await screen.findByRole("button", { name: "Play Light Work" })).toBeTruthy();
    expect(screen.getByText(/Light Work · Paused/)).toBeTruthy();

    await user.click(within(moods).getByRole("button", { name: "Light Work" }));
    expect(within(moods).getByRole("button", { name: "Light Work" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("now-playing").textContent).toBe("Not playing");
  });

  it("keeps playing when the tab changes, and the music tab shows the same player", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole("group", { name: "Moods" })).getByRole("button", { name: "Deep Work" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Pause Deep Work" })).toBeTruthy());

    await user.click(screen.getByRole("tab", { name: "Neural Audio" }));
    const panel = screen.getByRole("tabpanel");
    // The tab's code loads when it is first opened.
    expect(await within(panel).findByRole("heading", { name: "Neural Audio" })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: /^Deep Work/ }).getAttribute("aria-pressed")).toBe("true");
    expect(within(panel).getByRole("button", { name: "Pause Deep Work" })).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "More Options" }).getAttribute("href")).toBe("/music");
    expect((within(panel).getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("70");
  });

  it("the M key mutes the player and gives back its volume", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Neural Audio" }));
    const slider = (await within(screen.getByRole("tabpanel")).findByRole("slider", { name: "Volume" })) as HTMLInputElement;
    expect(slider.value).toBe("70");
    await user.click(document.body);
    await user.keyboard("m");
    expect(slider.value).toBe("0");
    expect(getAudioEngine().element.volume).toBe(0);
    await user.keyboard("M");
    expect(slider.value).toBe("70");
    expect(getAudioEngine().element.volume).toBeCloseTo(0.7);
  });

  it("only logs an empty or failed list, with a quiet line in the card", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/app");
    const user = userEvent.setup();
    const moods = await screen.findByRole("group", { name: "Moods" });
    await user.click(within(moods).getByRole("button", { name: "Relax" }));
    expect(await screen.findByText("No tracks available for Relax")).toBeTruthy();
    await user.click(within(moods).getByRole("button", { name: "Creative" }));
    expect(await screen.findByText("Failed to load audio tracks")).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith("Failed to load audio tracks", "creative", expect.anything());
    expect(screen.queryByRole("status", { name: /toast/i })).toBeNull();
  });
});

describe("/music", () => {
  it("has the four tabs with details, coming-soon options and a disabled 'Notify Me When Available'", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/music");
    expect(await screen.findByRole("heading", { name: "Neural Audio Player" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["🧠Deep Work", "☀️Light Work", "🎨Creative", "🌙Relax"]);
    expect(screen.getByText("Best for")).toBeTruthy();
    expect(screen.getAllByText("Coming soon")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Notify Me When Available" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("heading", { name: "Usage recommendations" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("70");
  });

  it("plays the open tab's mood; Change Flow loads another track; stop pauses and rewinds", async () => {
    const { played } = stubMediaElements();
    serve(inTrial);
    renderRoute("/music");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Play Deep Work" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Pause Deep Work" })).toBeTruthy());
    const first = screen.getByTestId("now-playing").textContent;
    await user.click(screen.getByRole("button", { name: "Change Flow" }));
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).not.toBe(first));
    expect(played).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await screen.findByRole("button", { name: "Play Deep Work" })).toBeTruthy();
    expect(screen.getByText(/Deep Work · Ready/)).toBeTruthy();
  });

  it("says 'Preparing more Creative tracks' while they render, and lists each new one without a reload", async () => {
    stubMediaElements();
    const pendingOf = (slug: string, title: string) => ({ title, filename: `${slug}.mp3`, path: `creative/${slug}.mp3` });
    const library: typeof LIBRARY = { ...LIBRARY, creative: { files: [], pending: [pendingOf("prism", "Prism"), pendingOf("sketchbook", "Sketchbook")] } };
    const fetchMock = serve(inTrial, { library });
    // Only the list's polling interval is faked: the page's other timers run as usual.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      renderRoute("/music");
      const user = userEvent.setup();
      await user.click(await screen.findByRole("tab", { name: /Creative/ }));
      const tracks = screen.getByRole("region", { name: /^Tracks/ });
      expect(await within(tracks).findByText("Preparing more Creative tracks")).toBeTruthy();
      expect(within(tracks).queryByText("No tracks available for Creative")).toBeNull();
      expect(within(tracks).queryByRole("listitem")).toBeNull();

      // Prism is written: the next poll lists it, and Sketchbook is still to come.
      library.creative = { files: [track("creative", "prism", "Prism")], pending: [pendingOf("sketchbook", "Sketchbook")] };
      await act(async () => vi.advanceTimersByTime(5000));
      expect(await within(tracks).findByRole("listitem")).toHaveProperty("textContent", "Prism1:36");
      expect(within(tracks).getByText("Preparing more Creative tracks")).toBeTruthy();
      expect(within(tracks).getByText("1 track · 1 on the way")).toBeTruthy();

      // Done: both listed, nothing to come, and no more asking.
      library.creative = { files: [track("creative", "prism", "Prism"), track("creative", "sketchbook", "Sketchbook")], pending: [] };
      await act(async () => vi.advanceTimersByTime(5000));
      await waitFor(() => expect(within(tracks).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Prism1:36", "Sketchbook1:36"]));
      expect(within(tracks).queryByText("Preparing more Creative tracks")).toBeNull();
      const asked = listCalls(fetchMock).length;
      await act(async () => vi.advanceTimersByTime(20_000));
      expect(listCalls(fetchMock)).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says so when Play finds a mood empty while its tracks render", async () => {
    stubMediaElements();
    serve(inTrial, { library: { ...LIBRARY, relax: { files: [], pending: [{ title: "Slow Tide", filename: "slow-tide.mp3", path: "relax/slow-tide.mp3" }] } } });
    renderRoute("/music");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: /Relax/ }));
    await user.click(screen.getByRole("button", { name: "Play Relax" }));
    await waitFor(() => expect(screen.getAllByText("Preparing more Relax tracks")).toHaveLength(2));
    expect(screen.queryByText("No tracks available for Relax")).toBeNull();
  });

  it("keeps the empty mood's message when no render is running", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/music");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: /Relax/ }));
    const tracks = screen.getByRole("region", { name: /^Tracks/ });
    expect(await within(tracks).findByText("No tracks available for Relax")).toBeTruthy();
    expect(screen.queryByText(/Preparing more/)).toBeNull();
  });

  it("locks the other moods for guests with the note word for word", async () => {
    stubMediaElements();
    serve(guest);
    renderRoute("/music");
    await screen.findByRole("heading", { name: "Neural Audio Player" });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.hasAttribute("disabled"))).toEqual([false, true, true, true]);
    expect(screen.getAllByTestId("mood-lock")).toHaveLength(3);
    expect(screen.getByText(GUEST_NOTE)).toBeTruthy();
  });
});

describe("/local-audio", () => {
  it("lists each mood with its count; a failed list is empty, with the empty-mood message", async () => {
    stubMediaElements();
    const fetchMock = serve(inTrial);
    renderRoute("/local-audio");
    expect(await screen.findByRole("heading", { name: "Local Audio Player" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("2 tracks"));
    expect(listCalls(fetchMock).sort()).toEqual(
      ["creative", "deep-work", "light-work", "relax"].map((c) => `/api/audio/local/list/${c}`),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: /Creative/ }));
    expect(await screen.findByText("No tracks available for this category")).toBeTruthy();
    expect(screen.getByTestId("count-creative").textContent).toBe("0 tracks");
    await user.click(screen.getByRole("tab", { name: /Light Work/ }));
    expect(screen.getByTestId("count-light-work").textContent).toBe("1 track");
    expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("70");
  });

  it("says 'Preparing more Creative tracks' instead of the empty-mood message while they render", async () => {
    stubMediaElements();
    const pending = [{ title: "Prism", filename: "prism.mp3", path: "creative/prism.mp3" }];
    serve(inTrial, { library: { ...LIBRARY, creative: { files: [], pending } } });
    renderRoute("/local-audio");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: /Creative/ }));
    expect(await screen.findByText("Preparing more Creative tracks (1 on the way)")).toBeTruthy();
    expect(screen.queryByText("No tracks available for this category")).toBeNull();
  });

  it("the refresh button lists files added to the library since the page opened", async () => {
    stubMediaElements();
    const library = { ...LIBRARY, "deep-work": [...(LIBRARY["deep-work"] as AudioFile[])] };
    serve(inTrial, { library });
    renderRoute("/local-audio");
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("2 tracks"));
    (library["deep-work"] as AudioFile[]).push(track("deep-work", "my-own-mix", "My Own Mix"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Refresh track lists" }));
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("3 tracks"));
    expect(screen.getByText("My Own Mix")).toBeTruthy();
  });

  it("plays a random track of the open mood, marks it Playing/Paused, and 'Random Track' picks another", async () => {
    const { played } = stubMediaElements();
    serve(inTrial);
    renderRoute("/local-audio");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("2 tracks"));
    await user.click(screen.getByRole("button", { name: "Play" }));
    const list = screen.getByRole("list", { name: "Deep Work" });
    const current = await within(list).findByText("Playing");
    expect(played).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(within(list).getByText("Paused")).toBeTruthy();
    const before = current.closest("button")?.textContent;
    await user.click(screen.getByRole("button", { name: "Random Track" }));
    await waitFor(() => expect(within(list).getByText("Playing").closest("button")?.textContent).not.toBe(before));
  });

  it("moves on to another random track when one ends, and shows 'Audio playback error' on a media error", async () => {
    const { played } = stubMediaElements();
    serve(inTrial);
    renderRoute("/local-audio");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("2 tracks"));
    await user.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(played).toHaveLength(1));
    const element = (HTMLMediaElement.prototype.play as unknown as { mock: { contexts: HTMLMediaElement[] } }).mock.contexts[0]!;
    act(() => {
      Object.defineProperty(element, "ended", { value: true, configurable: true });
      element.dispatchEvent(new Event("pause"));
      element.dispatchEvent(new Event("ended"));
      Object.defineProperty(element, "ended", { value: false, configurable: true });
    });
    await waitFor(() => expect(played).toHaveLength(2));
    expect(played[1]).not.toBe(played[0]);
    act(() => {
      element.dispatchEvent(new Event("error"));
    });
    expect(await screen.findByText("Audio playback error")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
  });

  it("locks the other moods for guests", async () => {
    stubMediaElements();
    serve(guest);
    renderRoute("/local-audio");
    await screen.findByRole("heading", { name: "Local Audio Player" });
    expect(screen.getAllByRole("tab").map((t) => t.hasAttribute("disabled"))).toEqual([false, true, true, true]);
    expect(screen.getByText(GUEST_TRACKS_MESSAGE)).toBeTruthy();
  });

  it("shows a Free user the tracks the plan lacks as locked, with why and how to unlock them, and never plays one", async () => {
    const { played } = stubMediaElements();
    serve(freeUser, { library: FULL_LIBRARY });
    renderRoute("/local-audio");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("6 tracks"));
    expect(screen.getByTestId("locked-deep-work").textContent).toBe(" · 4 locked");
    expect(screen.getAllByRole("tab").map((t) => t.hasAttribute("disabled"))).toEqual([false, false, true, true]);
    expect(screen.getByText(FREE_TRACKS_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/subscription");

    // The locked tracks are listed, marked Locked, and are no buttons; the two others play.
    const list = screen.getByRole("list", { name: "Deep Work" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => [row.textContent?.replace(/\d+:\d\d$/, ""), within(row).queryByRole("button") !== null])).toEqual([
      ["Flow StateFlow State trackLocked", false],
      ["Steady BetaSteady Beta track", true],
      ["Night ShiftNight Shift trackLocked", false],
      ["Deep CurrentDeep Current track", true],
      ["Focus TunnelFocus Tunnel trackLocked", false],
      ["Long HaulLong Haul trackLocked", false],
    ]);

    // Play, then Random Track again and again: only the plan's tracks ever play.
    await user.click(screen.getByRole("button", { name: "Play" }));
    for (let i = 0; i < 12; i++) await user.click(screen.getByRole("button", { name: "Random Track" }));
    await waitFor(() => expect(played).toHaveLength(13));
    expect(new Set(played)).toEqual(new Set(["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3"].map((path) => `/api/audio/stream?path=${encodeURIComponent(path)}`)));
    expect(screen.queryByText("Audio playback error")).toBeNull();
  });

  it("shows a visitor the guest's two Deep Work tracks, the rest locked, and where to sign up", async () => {
    const { played } = stubMediaElements();
    serve(null, { library: FULL_LIBRARY });
    renderRoute("/local-audio");
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId("count-deep-work").textContent).toBe("6 tracks"));
    expect(screen.getByTestId("locked-deep-work").textContent).toBe(" · 4 locked");
    expect(screen.getAllByRole("tab").map((t) => t.hasAttribute("disabled"))).toEqual([false, true, true, true]);
    expect(screen.getByText(GUEST_TRACKS_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create a free account" }).getAttribute("href")).toBe("/auth?tab=register");
    expect(within(screen.getByRole("list", { name: "Deep Work" })).getAllByTestId("locked-track")).toHaveLength(4);
    for (let i = 0; i < 8; i++) await user.click(screen.getByRole("button", { name: "Random Track" }));
    await waitFor(() => expect(played).toHaveLength(8));
    expect(played.every((src) => /steady-beta|deep-current/.test(src))).toBe(true);
  });
});

describe("/audio-test", () => {
  it("offers the first Deep Work track as the sample, volume 50 %, and the four wave types; the wave is still until played", async () => {
    stubMediaElements();
    serve(inTrial);
    renderRoute("/audio-test");
    expect(await screen.findByText("Steady Beta · Deep Work")).toBeTruthy();
    expect((screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement).value).toBe("50");
    for (const label of ["8-12Hz deep focus", "12-30Hz active thinking", "30-100Hz creative flow", "4-8Hz mental relaxation"]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByTestId("wave-canvas").getAttribute("data-animating")).toBe("false");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Play" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.getByTestId("wave-canvas").getAttribute("data-animating")).toBe("true");
    expect(screen.getByRole("button", { name: "Preload" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset position" })).toBeTruthy();
  });
});

describe("Settings: audio follows the timer", () => {
  it("is off by default; switching it on and choosing 'Pause the audio' saves both", async () => {
    stubMediaElements();
    const fetchMock = serve(inTrial);
    renderRoute("/settings");
    const user = userEvent.setup();
    const toggle = await screen.findByRole("switch", { name: "Audio follows the timer" });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("radio", { name: /Pause the audio/ }).matches(":disabled")).toBe(true);
    await user.click(toggle);
    await user.click(screen.getByRole("radio", { name: /Pause the audio/ }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText("Settings saved");
    // In one save, or two when the form saved the switch by itself before the choice (600 ms on a slow machine).
    const posts = fetchMock.mock.calls.filter(([url, init]) => url === "/api/settings" && init?.method === "POST");
    const sent = Object.assign({}, ...posts.map(([, init]) => JSON.parse(String(init?.body)) as object));
    expect(sent).toEqual({ audioFollowsTimer: true, audioInBreaks: "pause" });
  });

  it("starts the chosen mood with a focus session when on", async () => {
    const { played } = stubMediaElements();
    serve(inTrial, { settings: { ...DEFAULT_SETTINGS, audioFollowsTimer: true } });
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Start Focus" }));
    // No mood was chosen yet: Deep Work.
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toMatch(/^\/api\/audio\/stream\?path=deep-work%2F/);
    await waitFor(() => expect(screen.getByTestId("now-playing").textContent).toMatch(/Steady Beta|Deep Current/));
    await user.click(screen.getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(screen.getByText(/Deep Work · Paused/)).toBeTruthy());
  });
});

describe("the audio context", () => {
  it("throws when used outside its provider", () => {
    function Orphan() {
      useAudioPlayer();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow("useAudioEngine must be used within an AudioProvider");
  });
});
