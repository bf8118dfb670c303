import { Shield } from "lucide-react";
import { Controller, type Control } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { SwitchField } from "./fields";
import { ESCAPES_PER_WEEK_CHOICES, type SettingsFormValues } from "./settingsForm";

/**
 * Strict focus and its escape hatch (`docs/product.md`, Strict focus): whether focus sessions
 * start strict, and how many escapes a week wait 60 seconds before End early (past them, 5 minutes).
 */
export function StrictFocusCard({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Shield className="size-5 text-primary" aria-hidden />
          Strict focus
        </CardTitle>
        <CardDescription>For the sessions that matter: no pausing or resetting on impulse, and always a way out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Controller
          control={control}
          name="strictFocus"
          render={({ field }) => (
            <SwitchField
              id="settings-strict-focus"
              label="Start focus sessions in strict mode"
              description="Pause, reset and mode changes wait until the session ends, blocked sites stay blocked, and End early is always there after a short wait. You can still switch it per session in the Focus Arena."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="escapesPerWeek"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor="settings-escapes">Escapes per week</Label>
              <Select
                id="settings-escapes"
                aria-describedby="settings-escapes-hint"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={String(field.value)}
                onChange={(event) => field.onChange(Number(event.target.value))}
              >
                {ESCAPES_PER_WEEK_CHOICES.map((choice) => (
                  <option key={choice} value={String(choice)}>
                    {choice === 1 ? "1 escape" : `${choice} escapes`}
                  </option>
                ))}
              </Select>
              <p id="settings-escapes-hint" className="text-sm text-muted-foreground">
                End early waits 60 seconds for this many escapes a week (from Sunday); after them it waits 5 minutes.
              </p>
            </div>
          )}
        />
      </CardContent>
    </Card>
  );
}
