import { vi } from "vitest";

/**
 * The test DOM has no media playback: `play`, `pause` and `load` are stubbed to act like a browser
 * that plays at once (the `playing` and `pause` events fire, `paused` follows). `refuse`
 * makes `play()` reject as an autoplay policy would.
 */
export function stubMediaElements(options: { refuse?: boolean } = {}) {
  const played: string[] = [];
  const setPaused = (el: HTMLMediaElement, paused: boolean) => Object.defineProperty(el, "paused", { value: paused, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    if (options.refuse) return Promise.reject(new DOMException("play() needs a user gesture", "NotAllowedError"));
    played.push(this.getAttribute("src") ?? "");
    setPaused(this, false);
    this.dispatchEvent(new Event("playing"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    if (this.paused) return;
    setPaused(this, true);
    this.dispatchEvent(new Event("pause"));
  });
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  return { played };
}
