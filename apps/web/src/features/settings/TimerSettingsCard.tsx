import { END_WARNINGS, SETTINGS_LIMITS, TIMER_DISPLAYS, type EndWarning, type TimerDisplay } from "@focus/core/constants";
import { Timer } from "lucide-react";
import { Controller, useWatch, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { MinutesSlider, SwitchField } from "./fields";
import { END_WARNING_LABELS, LONG_BREAK_INTERVAL_CHOICES, TIMER_DISPLAY_LABELS, WEEKLY_GOAL_CHOICES, type SettingsFormValues } from "./settingsForm";

/**
 * Session lengths, the long break's interval, how the time left is drawn, the warning before the
 * end, what starts on its own and the weekly goal (`docs/product.md`, Settings).
 */
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
        <EndWarningFields control={control} />
        <AutoStartSwitches control={control} />
        <Controller
          control={control}
          name="weeklyGoalDays"
          render={({ field }) => (
            <div className="grid gap-2 border-t pt-5">
              <Label htmlFor="settings-weekly-goal">Weekly goal</Label>
              <Select
                id="settings-weekly-goal"
                aria-describedby="settings-weekly-goal-hint"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={String(field.value)}
                onChange={(event) => field.onChange(Number(event.target.value))}
              >
                {WEEKLY_GOAL_CHOICES.map((days) => (
                  <option key={days} value={String(days)}>
                    {days === 1 ? "1 focus day a week" : `${days} focus days a week`}
                  </option>
                ))}
              </Select>
              <p id="settings-weekly-goal-hint" className="text-sm text-muted-foreground">
                Statistics count this week's focus days against it. Rest days are part of the plan.
              </p>
            </div>
          )}
        />
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
      <Controller
        control={control}
        name="breakCallBack"
        render={({ field }) => (
          <SwitchField
            id="settings-break-call-back"
            label="Call me back after a break"
            description="When a break ends, a soft sound repeats every 30 seconds (5 times at most) until you start focus or dismiss it."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}

/**
 * How the time left is drawn, the warning before a session's end and its sound
 * (`docs/product.md`, The timer).
 */
function EndWarningFields({ control }: { control: Control<SettingsFormValues> }) {
  const choice = useWatch({ control, name: "endWarning" });
  return (
    <div className="grid gap-5 border-t pt-5">
      <Controller
        control={control}
        name="timerDisplay"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label htmlFor="settings-timer-display">Show the time left as</Label>
            <Select id="settings-timer-display" aria-describedby="settings-timer-display-hint" name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value} onChange={(event) => field.onChange(event.target.value as TimerDisplay)}>
              {TIMER_DISPLAYS.map((display) => (
                <option key={display} value={display}>
                  {TIMER_DISPLAY_LABELS[display]}
                </option>
              ))}
            </Select>
            <p id="settings-timer-display-hint" className="text-sm text-muted-foreground">
              In the Focus Arena and the mini timer. The disc shrinks as time passes, so what is left shows at a glance.
            </p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="endWarning"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label htmlFor="settings-end-warning">Warn before the end</Label>
            <Select id="settings-end-warning" aria-describedby="settings-end-warning-hint" name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value} onChange={(event) => field.onChange(event.target.value as EndWarning)}>
              {END_WARNINGS.map((warning) => (
                <option key={warning} value={warning}>
                  {END_WARNING_LABELS[warning]}
                </option>
              ))}
            </Select>
            <p id="settings-end-warning-hint" className="text-sm text-muted-foreground">
              The ring turns amber and the tab's title shows ⏳, so the end never comes as a surprise.
            </p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="warningSound"
        render={({ field }) => (
          <SwitchField
            id="settings-warning-sound"
            label="Warning sound"
            description="A soft chime with the warning."
            checked={field.value}
            disabled={choice === "off"}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
