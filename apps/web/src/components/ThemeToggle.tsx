import type { Theme } from "@focus/core/constants";
import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { getStoredTheme, onThemeChange, setTheme } from "@/lib/theme";

const NEXT: Record<Theme, Theme> = { dark: "light", light: "system", system: "dark" };
const ICONS = { dark: Moon, light: Sun, system: Monitor } as const;

/** A button cycling the theme dark → light → system. */
export function ThemeToggle() {
  const [theme, setThemeState] = useState<Theme>(getStoredTheme);
  // Follow changes made elsewhere (the Settings theme choice).
  useEffect(() => onThemeChange(setThemeState), []);
  const Icon = ICONS[theme];
  const next = NEXT[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={`Theme: ${theme}. Switch to ${next}`}
      title={`Theme: ${theme}`}
      onClick={() => setTheme(next)}
    >
      <Icon aria-hidden />
    </Button>
  );
}
