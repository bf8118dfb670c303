import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from "@focus/core/constants";

/**
 * Light/dark/system theme, kept in localStorage `theme`, default dark (`docs/product.md`,
 * Settings). The class is set from main.tsx before the first render because the CSP forbids an
 * inline script in index.html.
 */

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The stored theme, or the default when none (or an unknown value) is stored. */
export function getStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Whether a theme resolves to dark right now ("system" asks the OS). */
export function isDarkTheme(theme: Theme): boolean {
  if (theme === "system") return typeof matchMedia === "function" && matchMedia(DARK_QUERY).matches;
  return theme === "dark";
}

/** Puts the `dark` class on <html> when the theme resolves to dark, removes it otherwise. */
export function applyTheme(theme: Theme = getStoredTheme()): void {
  document.documentElement.classList.toggle("dark", isDarkTheme(theme));
}

/** Window event fired by `setTheme`, so every theme control on the page shows the same choice. */
export const THEME_CHANGE_EVENT = "theme-change";

/** Stores and applies a theme, and tells the other theme controls. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this page.
  }
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>(THEME_CHANGE_EVENT, { detail: theme }));
}

/** Calls `listener` with the new theme whenever `setTheme` runs; returns the unsubscribe. */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<Theme>).detail);
  window.addEventListener(THEME_CHANGE_EVENT, handler);
  return () => window.removeEventListener(THEME_CHANGE_EVENT, handler);
}

/** Re-applies the "system" theme when the OS preference changes; returns the unsubscribe. */
export function followSystemTheme(): () => void {
  if (typeof matchMedia !== "function") return () => {};
  const query = matchMedia(DARK_QUERY);
  const onChange = () => {
    if (getStoredTheme() === "system") applyTheme("system");
  };
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
