import { SETTINGS_LIMITS } from "@focus/core/constants";
import { Timer } from "lucide-react";
import { Controller, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { MinutesSlider, SwitchField } from "./fields";
import { LONG_BREAK_INTERVAL_CHOICES, type SettingsFormValues } from "./settingsForm";

/** Session lengths, the long break's interval and what starts on its own (`docs/product.md`, Settings). */
export function TimerSettingsCard({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Timer className="size-5 text-primary" aria-hidden />
          Timer settings
        </CardTitle>
        <CardDescription>Session lengths and what starts on its own.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Controller
          control={control}
          name="focusDuration"
          render={({ field }) => <MinutesSlider id="settings-focus" label="Focus duration" value={field.value} limits={SETTINGS_LIMITS.focusDuration} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="shortBreakDuration"
          render={({ field }) => <MinutesSlider id="settings-short-break" label="Short break" value={field.value} limits={SETTINGS_LIMITS.shortBreakDuration} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="longBreakDuration"
          render={({ field }) => <MinutesSlider id="settings-long-break" label="Long break" value={field.value} limits={SETTINGS_LIMITS.longBreakDuration} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="longBreakInterval"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor="settings-interval">Long break interval</Label>
              <Select id="settings-interval" aria-describedby="settings-interval-hint" {...field}>
                {LONG_BREAK_INTERVAL_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    Every {choice} focus sessions
                  </option>
                ))}
              </Select>
              <p id="settings-interval-hint" className="text-sm text-muted-foreground">
                A long break replaces the short one after this many focus sessions.
              </p>
            </div>
          )}
        />
        <AutoStartSwitches control={control} />
      </CardContent>
    </Card>
  );
}

/** Auto-start breaks and focus. */
function AutoStartSwitches({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <div className="grid gap-5 border-t pt-5">
      <Controller
        control={control}
        name="autoStartBreaks"
        render={({ field }) => (
          <SwitchField id="settings-auto-breaks" label="Auto-start breaks" description="Start the break by itself when a focus session ends." checked={field.value} onChange={field.onChange} />
        )}
      />
      <Controller
        control={control}
        name="autoStartFocus"
        render={({ field }) => (
          <SwitchField id="settings-auto-focus" label="Auto-start focus" description="Start the next focus session by itself when a break ends." checked={field.value} onChange={field.onChange} />
        )}
      />
    </div>
  );
}
