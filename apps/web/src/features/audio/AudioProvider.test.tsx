import { act, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOGGLE_MUTE_EVENT } from "@/lib/events";
import { AudioProvider } from "./AudioProvider";
import { disposeAudioEngine, getAudioEngine } from "@/runtime/audio/audioEngine";
import { stubMediaElements } from "./testMedia";

/** The M shortcut's document event, as `KeyboardShortcuts` dispatches it. */
const pressMute = () => act(() => void document.dispatchEvent(new Event(TOGGLE_MUTE_EVENT)));

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      const files = [{ name: "Steady Beta", filename: "steady-beta.mp3", path: "deep-work/steady-beta.mp3" }];
      return new Response(JSON.stringify({ files }), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  disposeAudioEngine();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("AudioProvider: the M shortcut's mute event", () => {
  it("silences the playing audio element without stopping it, and gives back its volume", async () => {
    stubMediaElements();
    render(
      <AudioProvider isGuest={false}>
        <p>app</p>
      </AudioProvider>,
    );
    const { actor, element } = getAudioEngine();
    act(() => actor.send({ type: "PLAY", mood: "deep-work" }));
    await waitFor(() => expect(element.paused).toBe(false));
    expect(element.volume).toBeCloseTo(0.7);

    pressMute();
    expect(element.volume).toBe(0);
    expect(element.paused).toBe(false);

    pressMute();
    expect(element.volume).toBeCloseTo(0.7);
    expect(element.paused).toBe(false);
  });

  it("gives back the volume the user had chosen, not the default", () => {
    stubMediaElements();
    render(
      <AudioProvider isGuest={false}>
        <p>app</p>
      </AudioProvider>,
    );
    const { actor, element } = getAudioEngine();
    act(() => actor.send({ type: "SET_VOLUME", volume: 0.3 }));
    pressMute();
    expect(element.volume).toBe(0);
    pressMute();
    expect(element.volume).toBeCloseTo(0.3);
  });

  it("stops listening once the provider is gone", () => {
    stubMediaElements();
    const view = render(
      <AudioProvider isGuest={false}>
        <p>app</p>
      </AudioProvider>,
    );
    const { element } = getAudioEngine();
    view.unmount();
    pressMute();
    expect(element.volume).toBeCloseTo(0.7);
  });
});
