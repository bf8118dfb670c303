import { useEffect, useState } from "react";

/** Position and length, seconds. */
type Progress = { current: number; duration: number };

/** The element's own position and length. */
const elementProgress = (element: HTMLMediaElement): Progress => ({
  current: element.currentTime,
  duration: Number.isFinite(element.duration) ? element.duration : 0,
});

/**
 * An element's position and length, seconds, kept live from its media events; `read` gives
 * them another way (the local player's 15:00 tracks over a looping file, trackPlayback.ts).
 */
export function useMediaProgress(element: HTMLMediaElement, read?: () => Progress): Progress {
  const [progress, setProgress] = useState({ current: 0, duration: 0 });
  useEffect(() => {
    const update = () => {
      const next = read ? read() : elementProgress(element);
      setProgress((prev) => (prev.current === next.current && prev.duration === next.duration ? prev : next));
    };
    const events = ["timeupdate", "durationchange", "loadedmetadata", "emptied", "seeked"] as const;
    for (const name of events) element.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) element.removeEventListener(name, update);
    };
  }, [element, read]);
  return progress;
}
