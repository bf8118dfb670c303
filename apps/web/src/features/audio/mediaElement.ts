/**
 * An <audio> element whose writes go through functions. Components and hooks keep it in
 * state and read it freely; React's rules forbid writing to a value held in state, so
 * position, volume and source change only through these.
 */
export interface AudioElementControls {
  element: HTMLAudioElement;
  /** Sets the source; with `load`, also starts loading it. */
  setSource: (url: string, options?: { load?: boolean }) => void;
  /** Moves the position, seconds. */
  seek: (seconds: number) => void;
  /** Sets the volume, 0–1. */
  setVolume: (volume: number) => void;
  /** Asks the browser to load the whole source now. */
  preloadNow: () => void;
}

/** Creates an <audio> element with its first settings and the functions that change it. */
export function createAudioElement(setup: { preload: "none" | "auto"; volume: number; loop?: boolean }): AudioElementControls {
  const element = new Audio();
  element.preload = setup.preload;
  element.loop = setup.loop ?? false;
  element.volume = setup.volume;
  return {
    element,
    setSource: (url, options) => {
      element.src = url;
      if (options?.load) element.load();
    },
    seek: (seconds) => {
      element.currentTime = seconds;
    },
    setVolume: (volume) => {
      element.volume = volume;
    },
    preloadNow: () => {
      element.preload = "auto";
      element.load();
    },
  };
}
