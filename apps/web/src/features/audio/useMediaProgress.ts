import { useEffect, useState } from "react";

/** An element's position and length, seconds, kept live from its media events. */
export function useMediaProgress(element: HTMLMediaElement): { current: number; duration: number } {
  const [progress, setProgress] = useState({ current: 0, duration: 0 });
  useEffect(() => {
    const update = () => {
      const duration = Number.isFinite(element.duration) ? element.duration : 0;
      setProgress((prev) =>
        prev.current === element.currentTime && prev.duration === duration ? prev : { current: element.currentTime, duration },
      );
    };
    const events = ["timeupdate", "durationchange", "loadedmetadata", "emptied", "seeked"] as const;
    for (const name of events) element.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) element.removeEventListener(name, update);
    };
  }, [element]);
  return progress;
}
