import { useEffect } from "react";

/**
 * Starts a page at the top. The router keeps the window's scroll position between routes,
 * so a link near the bottom of one page would otherwise open the next one half-way down.
 */
export function useScrollToTop(): void {
  useEffect(() => {
    document.documentElement.scrollTop = 0;
    document.body.scrollTop = 0;
  }, []);
}
