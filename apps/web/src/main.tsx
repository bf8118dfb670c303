import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "@/features/offline/pwa";
import { queryClient } from "@/lib/queryClient";
import { applyTheme, followSystemTheme } from "@/lib/theme";
import { App } from "./App";
import "./index.css";

// Before the first render: the CSP (script-src 'self') rules out an inline script in index.html.
applyTheme();
followSystemTheme();

// Installable and offline-capable (`docs/offline.md`). When the first worker takes over, every
// answer loaded before it is marked stale: the data on screen is loaded once more through it, and
// data loaded earlier but not on screen now (it would come from memory when shown) is loaded through
// it when next shown, so all of it is there for the next offline start.
if (import.meta.env.PROD) registerServiceWorker({ onFirstControl: () => void queryClient.invalidateQueries() });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
