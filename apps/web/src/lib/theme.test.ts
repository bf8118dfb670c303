import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyTheme, followSystemTheme, getStoredTheme, onThemeChange, setTheme } from "./theme";

/** A matchMedia whose "prefers dark" answer the test sets, with change listeners. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return prefersDark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => query);
  return {
    change(dark: boolean) {
      prefersDark = dark;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains("dark");

describe("theme (key `theme`, default dark)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.classList.remove("dark");
  });

  it("is dark by default, and for an unknown stored value", () => {
    fakeSystem(false);
    expect(getStoredTheme()).toBe("dark");
    applyTheme();
    expect(isDark()).toBe(true);
    localStorage.setItem("theme", "sepia");
    expect(getStoredTheme()).toBe("dark");
  });

  it("stores the choice under `theme`, applies it and tells the other controls", () => {
    fakeSystem(true);
    const seen: string[] = [];
    const stop = onThemeChange((theme) => seen.push(theme));
    setTheme("light");
    expect(localStorage.getItem("theme")).toBe("light");
    expect(isDark()).toBe(false);
    setTheme("dark");
    expect(isDark()).toBe(true);
    stop();
    setTheme("light");
    expect(seen).toEqual(["light", "dark"]);
  });

  it("follows the operating system while the choice is system, and only then", () => {
    const system = fakeSystem(false);
    const stop = followSystemTheme();
    setTheme("system");
    expect(isDark()).toBe(false);
    system.change(true);
    expect(isDark()).toBe(true);
    setTheme("light");
    system.change(true);
    expect(isDark()).toBe(false);
    stop();
  });
});
