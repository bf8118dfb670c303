import { type AudioMoodId } from "@focus/core/audio";
import { DEFAULT_SETTINGS, type Settings } from "@focus/core/schemas";
import { timerMachine, type TimerInput } from "@focus/core/timer";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromCallback, type EventObject } from "xstate";
import { CurrentSettingsContext } from "@/runtime/currentSettings";
import { TimerActor } from "@/runtime/timerActor";
import { createQueryClient } from "@/lib/queryClient";
import { AudioProvider } from "./AudioProvider";
import { useAudioEngine } from "@/runtime/audio/audioEngineContext";
import { disposeAudioEngine, type AudioEngine } from "@/runtime/audio/audioEngine";
import { stubMediaElements } from "./testMedia";

const T0 = new Date(2026, 10, 22, 12, 0, 0).getTime();
const FOCUS_MS = DEFAULT_SETTINGS.focusDuration * 60_000;

/** The timer with its real ticker replaced: the test sends TICKs at the times it chooses. */
const quietTimer = timerMachine.provide({ actors: { ticker: fromCallback<EventObject, { endsAt: number }>(() => () => {}) } });

function serveLists() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const mood = String(input).split("/").pop() as AudioMoodId;
      const files = [{ name: `${mood} one`, filename: "one.mp3", path: `${mood}/one.mp3` }];
      return new Response(JSON.stringify({ files }), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
}

function setup(settings: Partial<Settings>) {
  const client = createQueryClient();
  const input: TimerInput = { settings: { ...DEFAULT_SETTINGS, autoStartBreaks: true }, now: T0 };
  let engine: AudioEngine | null = null;
  let timer: ReturnType<typeof TimerActor.useActorRef> | null = null;
  function Grab() {
    engine = useAudioEngine();
    timer = TimerActor.useActorRef();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <TimerActor.Provider logic={quietTimer} options={{ input }}>
        <CurrentSettingsContext.Provider value={{ ...DEFAULT_SETTINGS, ...settings }}>
          <AudioProvider isGuest={false} followTimer>
            <Grab />
          </AudioProvider>
        </CurrentSettingsContext.Provider>
      </TimerActor.Provider>
    </QueryClientProvider>,
  );
  const audio = () => engine!.actor.getSnapshot();
  const send = (event: Parameters<NonNullable<typeof timer>["send"]>[0]) => act(() => timer!.send(event));
  return { audio, send, engine: () => engine!, timer: () => timer! };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  stubMediaElements();
  serveLists();
});
afterEach(() => {
  disposeAudioEngine();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("audio follows the timer", () => {
  it("plays the chosen mood with focus, fades the last seconds, then switches to Relax for the break", async () => {
    const { audio, send, engine } = setup({ audioFollowsTimer: true, audioInBreaks: "relax" });
    act(() => engine().actor.send({ type: "SELECT_MOOD", mood: "creative" }));
    await waitFor(() => expect(audio().value).toBe("loaded"));

    send({ type: "START", now: T0 });
    await waitFor(() => expect(audio().value).toBe("playing"));
    expect(audio().context.mood).toBe("creative");

    // 2.5 s before the end: a quarter of the volume (squared fade), on the element too.
    vi.setSystemTime(T0 + FOCUS_MS - 2500);
    send({ type: "TICK", now: T0 + FOCUS_MS - 2500 });
    expect(audio().context.gain).toBeCloseTo(0.25, 2);
    expect(engine().element.volume).toBeCloseTo(0.7 * 0.25, 2);

    // The end: the break is about to auto-start; Relax plays at full volume.
    vi.setSystemTime(T0 + FOCUS_MS);
    send({ type: "TICK", now: T0 + FOCUS_MS });
    await waitFor(() => expect(audio().context.mood).toBe("relax"));
    await waitFor(() => expect(audio().value).toBe("playing"));
    expect(audio().context.gain).toBe(1);

    // The next focus session plays the chosen mood again, not Relax.
    send({ type: "SET_MODE", mode: "focus", now: T0 + FOCUS_MS + 1000 });
    send({ type: "START", now: T0 + FOCUS_MS + 2000 });
    await waitFor(() => expect(audio().context.mood).toBe("creative"));
  });

  it("pauses in breaks when that is the choice, and with the timer's pause", async () => {
    const { audio, send } = setup({ audioFollowsTimer: true, audioInBreaks: "pause" });
    send({ type: "START", now: T0 });
    await waitFor(() => expect(audio().value).toBe("playing"));
    expect(audio().context.mood).toBe("deep-work");
    send({ type: "PAUSE", now: T0 + 60_000 });
    expect(audio().value).toBe("paused");
    send({ type: "START", now: T0 + 70_000 });
    expect(audio().value).toBe("playing");
    vi.setSystemTime(T0 + FOCUS_MS + 10_000);
    send({ type: "TICK", now: T0 + FOCUS_MS + 10_000 });
    expect(audio().value).toBe("paused");
    expect(audio().context.mood).toBe("deep-work");
    expect(audio().context.gain).toBe(1);
  });

  it("does nothing while the setting is off", async () => {
    const { audio, send } = setup({ audioFollowsTimer: false });
    send({ type: "START", now: T0 });
    vi.setSystemTime(T0 + FOCUS_MS - 1000);
    send({ type: "TICK", now: T0 + FOCUS_MS - 1000 });
    expect(audio().value).toBe("idle");
    expect(audio().context.gain).toBe(1);
  });
});
