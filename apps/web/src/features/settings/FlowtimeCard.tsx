import type { FocusStyle } from "@focus/core/constants";
import { Hourglass } from "lucide-react";
import { Controller, useWatch, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { MinutesSlider } from "./fields";
import { FLOW_BREAK_SHARE_CHOICES, FLOW_CUE_LIMITS, MAX_EXTENSIONS_CHOICES, type SettingsFormValues } from "./settingsForm";

/** How each "+5 min in a row" choice reads. */
function extensionsLabel(count: number): string {
  return count === 0 ? "Off" : count === 1 ? "Once in a row" : count === 2 ? "Twice in a row" : `${count} times in a row`;
}

/** Flowtime's break (a share of the focus) and its long-stretch cue (minutes). */
function FlowtimeFields({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <>
      <Controller
        control={control}
        name="flowBreakShare"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label htmlFor="settings-flow-break">Flowtime break</Label>
            <Select
              id="settings-flow-break"
              aria-describedby="settings-flow-break-hint"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              {FLOW_BREAK_SHARE_CHOICES.map((choice) => (
                <option key={choice.label} value={String(choice.value)}>
                  {choice.label}
                </option>
              ))}
            </Select>
            <p id="settings-flow-break-hint" className="text-sm text-muted-foreground">
              50 minutes of focus at 1/5 earn a 10-minute break (1 to 60 minutes; a long break is never shorter than its setting).
            </p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="flowCueMinutes"
        render={({ field }) => <MinutesSlider id="settings-flow-cue" label="Suggest a break after" value={field.value} limits={FLOW_CUE_LIMITS} onChange={field.onChange} />}
      />
    </>
  );
}

/**
 * Focus style, Flowtime's break and long-stretch cue, and "Five more minutes" (`docs/product.md`,
 * The timer). The Flowtime fields show only while Flowtime is the chosen style.
 */
export function FlowtimeCard({ control }: { control: Control<SettingsFormValues> }) {
  const style = useWatch({ control, name: "focusStyle" });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Hourglass className="size-5 text-primary" aria-hidden />
          Focus style
        </CardTitle>
        <CardDescription>Count down a set length, or count up and stop when your focus does.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Controller
          control={control}
          name="focusStyle"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor="settings-focus-style">Focus style</Label>
              <Select id="settings-focus-style" aria-describedby="settings-focus-style-hint" name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value} onChange={(event) => field.onChange(event.target.value as FocusStyle)}>
                <option value="pomodoro">Pomodoro: count down</option>
                <option value="flowtime">Flowtime: count up</option>
              </Select>
              <p id="settings-focus-style-hint" className="text-sm text-muted-foreground">
                Flowtime has no fixed end: take a break when you are ready, and the break grows with your focus. You can switch it per session in the Focus Arena.
              </p>
            </div>
          )}
        />
        {style === "flowtime" && <FlowtimeFields control={control} />}
        <Controller
          control={control}
          name="maxExtensions"
          render={({ field }) => (
            <div className="grid gap-2 border-t pt-5">
              <Label htmlFor="settings-max-extensions">Five more minutes</Label>
              <Select
                id="settings-max-extensions"
                aria-describedby="settings-max-extensions-hint"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={String(field.value)}
                onChange={(event) => field.onChange(Number(event.target.value))}
              >
                {MAX_EXTENSIONS_CHOICES.map((count) => (
                  <option key={count} value={String(count)}>
                    {extensionsLabel(count)}
                  </option>
                ))}
              </Select>
              <p id="settings-max-extensions-hint" className="text-sm text-muted-foreground">
                A &quot;+5 min&quot; button (key +) in the last 2 minutes of a focus session and for 10 seconds after it ends.
              </p>
            </div>
          )}
        />
      </CardContent>
    </Card>
  );
}
