// First: no schema may parse before zod is told not to probe for eval (CSP, see zodConfig.ts).
import "@/lib/zodConfig";
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

// Installable and offline-capable (`docs/offline.md`). When the first worker takes over, the data
// on screen is loaded once more through it, so it is there for the next offline start.
if (import.meta.env.PROD) registerServiceWorker({ onFirstControl: () => void queryClient.refetchQueries({ type: "active" }) });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
