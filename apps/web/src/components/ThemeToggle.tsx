import type { Theme } from "@focus/core/constants";
import { Monitor, Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { getStoredTheme, onThemeChange, setTheme } from "@/lib/theme";

const NEXT: Record<Theme, Theme> = { dark: "light", light: "system", system: "dark" };
const ICONS = { dark: Moon, light: Sun, system: Monitor } as const;

/**
 * A button cycling the theme dark → light → system. `onPick` is told each choice (the signed-in
 * header saves it with the account's settings). With `captionClassName` the icon keeps a
 * "Theme" caption (the signed-in header's layout for its buttons); else it is an icon button.
 */
export function ThemeToggle({ onPick, captionClassName }: { onPick?: (theme: Theme) => void; captionClassName?: string }) {
  // The stored theme, followed wherever it changes (Settings, the account's saved theme).
  const theme = useSyncExternalStore(onThemeChange, getStoredTheme, getStoredTheme);
  const Icon = ICONS[theme];
  const next = NEXT[theme];
  return (
    <Button
      variant="ghost"
      size={captionClassName ? "sm" : "icon"}
      className={captionClassName ? `${captionClassName} pointer-coarse:min-w-11` : "size-9"}
      aria-label={`Theme: ${theme}. Switch to ${next}`}
      title={`Theme: ${theme}`}
      onClick={() => {
        setTheme(next);
        onPick?.(next);
      }}
    >
      <Icon aria-hidden />
      {captionClassName && <span aria-hidden>Theme</span>}
    </Button>
  );
}
