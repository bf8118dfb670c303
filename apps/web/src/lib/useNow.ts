import { useEffect, useState } from "react";

/**
 * The current time, epoch ms, kept in state so renders stay pure: read on mount, then every
 * `intervalMs` when given, and whenever the page is shown again (a hidden tab's timers sleep).
 */
export function useNow(intervalMs?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const update = () => setNow(Date.now());
    const onVisibility = () => {
      if (document.visibilityState === "visible") update();
    };
    document.addEventListener("visibilitychange", onVisibility);
    const id = intervalMs ? window.setInterval(update, intervalMs) : undefined;
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearInterval(id);
    };
  }, [intervalMs]);
  return now;
}
