import type { Theme } from "@focus/core/constants";
import { Monitor, Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { getStoredTheme, onThemeChange, setTheme } from "@/lib/theme";

const NEXT: Record<Theme, Theme> = { dark: "light", light: "system", system: "dark" };
const ICONS = { dark: Moon, light: Sun, system: Monitor } as const;

/**
 * A button cycling the theme dark → light → system. `onPick` is told each choice (the signed-in
 * header saves it with the account's settings).
 */
export function ThemeToggle({ onPick }: { onPick?: (theme: Theme) => void }) {
  // The stored theme, followed wherever it changes (Settings, the account's saved theme).
  const theme = useSyncExternalStore(onThemeChange, getStoredTheme, getStoredTheme);
  const Icon = ICONS[theme];
  const next = NEXT[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={`Theme: ${theme}. Switch to ${next}`}
      title={`Theme: ${theme}`}
      onClick={() => {
        setTheme(next);
        onPick?.(next);
      }}
    >
      <Icon aria-hidden />
    </Button>
  );
}
