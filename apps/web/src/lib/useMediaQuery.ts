import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint (48rem): side rail above it, bottom tab bar below. */
export const DESKTOP_QUERY = "(min-width: 48rem)";

/** Whether a media query matches, kept live; `fallback` where matchMedia is missing (tests). */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const read = () =>
    typeof window === "undefined" || typeof window.matchMedia !== "function" ? fallback : window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => fallback);
}
