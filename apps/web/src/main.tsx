// First: zod's settings, before any module that builds a schema (lib/zodConfig.ts).
import "@/lib/zodConfig";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { acceptStartFromAddress } from "@/features/landing/StartFocusingLink";
import { registerServiceWorker } from "@/features/offline/pwa";
import { queryClient } from "@/lib/queryClient";
import { applyTheme, followSystemTheme } from "@/lib/theme";
import { App, firstPageReady } from "./App";
import "./index.css";

// Before the first render: the CSP (script-src 'self') rules out an inline script in index.html.
applyTheme();
// The landing's "Start Focusing Now" followed before its script ran (`/app?start=focus`).
acceptStartFromAddress();
followSystemTheme();
// Colours may fade again from the next frame on (index.css `theme-pending`): the switch from the
// page's default theme to the user's has happened without a transition.
requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.remove("theme-pending")));

// Installable and offline-capable (`docs/offline.md`). When the first worker takes over, every
// answer loaded before it is marked stale: the data on screen is loaded once more through it, and
// data loaded earlier but not on screen now (it would come from memory when shown) is loaded through
// it when next shown, so all of it is there for the next offline start.
if (import.meta.env.PROD) registerServiceWorker({ onFirstControl: () => void queryClient.invalidateQueries() });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** Renders the app into #root. */
function start(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A page the server sent already rendered (the landing and the sign-in page, `dist/*.html`) stays
// on screen until its code is here; the first render then reuses its nodes instead of passing
// through the spinner, so nothing on screen moves. That first render is a task of its own: the
// page is already on screen, and the browser stays responsive between running the code and
// rendering (two shorter tasks, not one long one; Lighthouse's blocking time on /auth went from
// 439 ms to 222 ms).
if (root.hasChildNodes()) void firstPageReady().then(() => setTimeout(() => start(root), 0));
else start(root);
