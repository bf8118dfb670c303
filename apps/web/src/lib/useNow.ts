import { useEffect, useState } from "react";

/**
 * The current time on `clock` (this device's by default), epoch ms, kept in state so renders stay
 * pure: read on mount, then every `intervalMs` when given, whenever the page is shown again (a
 * hidden tab's timers sleep), and whenever `clockVersion` changes (the clock was corrected).
 */
export function useNow(intervalMs?: number, clock: () => number = Date.now, clockVersion?: unknown): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const update = () => setNow(clock());
    update();
    const onVisibility = () => {
      if (document.visibilityState === "visible") update();
    };
    document.addEventListener("visibilitychange", onVisibility);
    const id = intervalMs ? window.setInterval(update, intervalMs) : undefined;
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearInterval(id);
    };
  }, [intervalMs, clock, clockVersion]);
  return now;
}
