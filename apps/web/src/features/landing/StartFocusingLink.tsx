import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { setGuestMode } from "@/lib/guestMode";
import { requestStartOnArrival } from "@/lib/startOnArrival";
import { signedInHere } from "@/runtime/sessionEnded";

/**
 * 'Start Focusing Now', the landing page's link to /app (`docs/product.md`, The landing page):
 * in a browser where nobody is signed in, one tap opens the timer as a guest with a focus
 * session already running (signing up is offered after it); where someone is, their own timer
 * opens as it is. The link's address is `/app?start=focus`: a tap before the landing's script
 * ran (it is drawn first) and a click with a modifier (a new tab or window) open it, and
 * `acceptStartFromAddress` takes it up as that page opens; a tap once the script runs goes to
 * `/app` itself.
 */
export function StartFocusingLink({ className, children }: { className: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      to={`/app?${START_PARAM}=focus`}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        acceptStart();
        void navigate("/app");
      }}
    >
      {children}
    </Link>
  );
}

/** The address's query parameter that asks /app for one-tap start. */
const START_PARAM = "start";

/** One tap's start for a visitor: a guest, and a note for the Focus Arena; nothing where someone is signed in. */
function acceptStart(): void {
  if (signedInHere()) return;
  setGuestMode(true);
  requestStartOnArrival();
}

/**
 * Takes up `/app?start=focus` (the landing's link followed before its script ran, or opened in a
 * new tab) before the app first renders: the same as the link's tap, then the address reads
 * `/app` again, so a reload starts nothing.
 */
export function acceptStartFromAddress(): void {
  const url = new URL(window.location.href);
  if (url.pathname !== "/app" || url.searchParams.get(START_PARAM) !== "focus") return;
  acceptStart();
  url.searchParams.delete(START_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
