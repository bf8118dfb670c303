import { THEMES, type Theme } from "@focus/core/constants";
import { Monitor, Moon, Palette, Sun } from "lucide-react";
import { Controller, type Control } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { setTheme } from "@/lib/theme";
import type { SettingsFormValues } from "./settingsForm";

const THEME_OPTIONS: Record<Theme, { label: string; icon: typeof Sun }> = {
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
  system: { label: "System", icon: Monitor },
};

/** The theme, applied at once as it is picked (and saved with the account like every setting). */
export function AppearanceCard({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Palette className="size-5 text-primary" aria-hidden />
          Appearance
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Controller
          control={control}
          name="theme"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm leading-none font-medium">Theme</legend>
              <div className="grid grid-cols-3 gap-2">
                {THEMES.map((theme) => {
                  const { label, icon: Icon } = THEME_OPTIONS[theme];
                  // On a phone a third of the card is too narrow for an icon beside "System": the
                  // icon sits above the word there, and a word is never broken.
                  return (
                    <label
                      key={theme}
                      className="flex min-h-11 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border px-2 py-2 text-sm font-medium wrap-normal sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={theme}
                        checked={field.value === theme}
                        onChange={() => {
                          field.onChange(theme);
                          setTheme(theme);
                        }}
                        className="sr-only"
                      />
                      <Icon className="size-4" aria-hidden />
                      {label}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
        />
      </CardContent>
    </Card>
  );
}
