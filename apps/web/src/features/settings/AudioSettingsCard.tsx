import { AUDIO_IN_BREAKS, type AudioInBreaks } from "@focus/core/schemas";
import { Headphones } from "lucide-react";
import { Controller, useWatch, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SwitchField } from "./fields";
import type { SettingsFormValues } from "./settingsForm";

const BREAK_CHOICES: Record<AudioInBreaks, { label: string; description: string }> = {
  relax: { label: "Switch to Relax", description: "Calm theta sound while you rest." },
  pause: { label: "Pause the audio", description: "Silence until the next focus session." },
};

/**
 * "Audio follows the timer" in the settings form (`docs/product.md`, Settings): off by default;
 * when on, the chosen mood starts with each focus session and fades out over its last 5 seconds,
 * and breaks switch to Relax or pause, by the second choice.
 */
export function AudioSettingsCard({ control }: { control: Control<SettingsFormValues> }) {
  const following = useWatch({ control, name: "audioFollowsTimer" });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Headphones className="size-5 text-primary" aria-hidden />
          Neural audio
        </CardTitle>
        <CardDescription>Let the focus sound follow your sessions.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Controller
          control={control}
          name="audioFollowsTimer"
          render={({ field }) => (
            <SwitchField
              id="settings-audio-follows"
              label="Audio follows the timer"
              description="Your chosen mood starts with each focus session and fades out over its last 5 seconds."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="audioInBreaks"
          render={({ field }) => (
            <fieldset className="grid gap-2" disabled={!following}>
              <legend className={following ? "mb-2 text-sm font-medium" : "mb-2 text-sm font-medium text-muted-foreground"}>In breaks</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {AUDIO_IN_BREAKS.map((choice) => (
                  <label
                    key={choice}
                    className="grid cursor-pointer gap-0.5 rounded-md border px-3 py-2.5 text-sm transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={choice}
                      checked={field.value === choice}
                      onChange={() => field.onChange(choice)}
                      className="sr-only"
                    />
                    <span className="font-medium">{BREAK_CHOICES[choice].label}</span>
                    <span className="text-xs text-muted-foreground">{BREAK_CHOICES[choice].description}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
      </CardContent>
    </Card>
  );
}
