import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { setGuestMode } from "@/lib/guestMode";
import { requestStartOnArrival } from "@/lib/startOnArrival";
import { signedInHere } from "@/runtime/sessionEnded";

/**
 * 'Start Focusing Now', the landing page's link to /app (`docs/product.md`, The landing page):
 * in a browser where nobody is signed in, one tap opens the timer as a guest with a focus
 * session already running (signing up is offered after it); where someone is, their own timer
 * opens as it is. A click with a modifier (a new tab or window) is left to the browser.
 */
export function StartFocusingLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Link
      to="/app"
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0 || signedInHere()) return;
        setGuestMode(true);
        requestStartOnArrival();
      }}
    >
      {children}
    </Link>
  );
}
