import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyTheme, followSystemTheme } from "@/lib/theme";
import { App } from "./App";
import "./index.css";

// Before the first render: the CSP (script-src 'self') rules out an inline script in index.html.
applyTheme();
followSystemTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
