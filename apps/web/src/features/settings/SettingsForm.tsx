import { NOTIFICATION_SOUNDS, SETTINGS_LIMITS, THEMES, type Settings, type Theme, type User } from "@focus/core";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bell, Check, CloudOff, LoaderCircle, Monitor, Moon, Palette, Sun, Timer } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { getStoredTheme, onThemeChange, setTheme } from "@/lib/theme";
import { AudioSettingsCard } from "./AudioSettingsCard";
import { MinutesSlider, SwitchField } from "./fields";
import { LONG_BREAK_INTERVAL_CHOICES, fromFormValues, settingsFormSchema, toFormValues, type SettingsFormValues } from "./settingsForm";
import { useSaveSettings } from "./useSettings";

/** How long the form waits after the last change before saving it by itself, ms. */
export const AUTOSAVE_DELAY_MS = 600;

const SOUND_LABELS: Record<(typeof NOTIFICATION_SOUNDS)[number], string> = {
  bell: "Bell",
  chime: "Chime",
  digital: "Digital",
  gentle: "Gentle",
  none: "None",
};
const THEME_OPTIONS: Record<Theme, { label: string; icon: typeof Sun }> = {
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
  system: { label: "System", icon: Monitor },
};

/** The browser's desktop-notification permission, or "unsupported". */
function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * Timer, notification and theme settings (ranges in docs/product.md). Every change saves
 * itself a moment after the user makes it, as in Pomofocus; leaving the form saves what is
 * still waiting at once, so nothing is dropped. 'Save Settings' saves right away and confirms
 * with a toast. Saves go through `useSaveSettings` (the outbox), and the timer follows them: a
 * started session keeps its length, the next one takes the new durations. The theme applies
 * at once.
 */
export function SettingsForm({ settings, user }: { settings: Settings; user: User }) {
  const [permission, setPermission] = useState(notificationPermission);
  const { control, handleSubmit, setValue, subscribe } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    // The theme shown is the one this browser uses now (the header toggle may have changed it).
    defaultValues: { ...toFormValues(settings), theme: getStoredTheme() },
  });
  const soundOn = useWatch({ control, name: "soundNotifications" });
  const desktopOn = useWatch({ control, name: "desktopNotifications" });

  useEffect(() => onThemeChange((theme) => setValue("theme", theme)), [setValue]);

  const save = useSaveSettings(user);
  const { mutate } = save;
  const saveValues = useCallback(
    (values: SettingsFormValues, explicit: boolean) =>
      mutate(fromFormValues(values), {
        onSuccess: () => {
          if (explicit) toast({ title: "Settings saved", description: "Your preferences have been updated." });
        },
        onError: (error) => {
          // The settings screen's own wording; the server's reason when it gave one.
          const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : "An error occurred while saving your settings.";
          toast({ title: "Failed to save settings", description, variant: "destructive" });
        },
      }),
    [mutate],
  );

  // Autosave: a change waits AUTOSAVE_DELAY_MS for the next one, then is saved; one still
  // waiting when the form goes away (another page, another tab of the app) is saved at once.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; flush: () => void } | null>(null);
  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        // No name: a reset or a whole-form update, not a change to save.
        if (!name) return;
        if (pending.current) clearTimeout(pending.current.timer);
        const flush = () => {
          pending.current = null;
          void handleSubmit((values) => saveValues(values, false))();
        };
        pending.current = { timer: setTimeout(flush, AUTOSAVE_DELAY_MS), flush };
      },
    });
    return () => {
      unsubscribe();
      const waiting = pending.current;
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.flush();
      }
    };
  }, [subscribe, handleSubmit, saveValues]);

  const submitNow = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit((values) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
      saveValues(values, true);
    })(event);

  const askForPermission = () => {
    if (notificationPermission() !== "default") return;
    // Asked from the click that switched notifications on, as browsers require.
    void Notification.requestPermission().then(setPermission, () => setPermission(notificationPermission()));
  };

  return (
    <form noValidate className="grid gap-6" onSubmit={submitNow}>
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
            render={({ field }) => (
              <MinutesSlider id="settings-focus" label="Focus duration" value={field.value} limits={SETTINGS_LIMITS.focusDuration} onChange={field.onChange} />
            )}
          />
          <Controller
            control={control}
            name="shortBreakDuration"
            render={({ field }) => (
              <MinutesSlider id="settings-short-break" label="Short break" value={field.value} limits={SETTINGS_LIMITS.shortBreakDuration} onChange={field.onChange} />
            )}
          />
          <Controller
            control={control}
            name="longBreakDuration"
            render={({ field }) => (
              <MinutesSlider id="settings-long-break" label="Long break" value={field.value} limits={SETTINGS_LIMITS.longBreakDuration} onChange={field.onChange} />
            )}
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
          <div className="grid gap-5 border-t pt-5">
            <Controller
              control={control}
              name="autoStartBreaks"
              render={({ field }) => (
                <SwitchField
                  id="settings-auto-breaks"
                  label="Auto-start breaks"
                  description="Start the break by itself when a focus session ends."
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="autoStartFocus"
              render={({ field }) => (
                <SwitchField
                  id="settings-auto-focus"
                  label="Auto-start focus"
                  description="Start the next focus session by itself when a break ends."
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Bell className="size-5 text-primary" aria-hidden />
            Notification settings
          </CardTitle>
          <CardDescription>How you hear that a session is over.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Controller
            control={control}
            name="soundNotifications"
            render={({ field }) => (
              <SwitchField
                id="settings-sound"
                label="Sound notifications"
                description="Play a sound when a session ends."
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="notificationSound"
            render={({ field }) => (
              <div className="grid gap-2">
                <Label htmlFor="settings-sound-choice" className={soundOn ? undefined : "text-muted-foreground"}>
                  Notification sound
                </Label>
                <Select id="settings-sound-choice" {...field} disabled={!soundOn}>
                  {NOTIFICATION_SOUNDS.map((sound) => (
                    <option key={sound} value={sound}>
                      {SOUND_LABELS[sound]}
                    </option>
                  ))}
                </Select>
              </div>
            )}
          />
          <Controller
            control={control}
            name="desktopNotifications"
            render={({ field }) => (
              <SwitchField
                id="settings-desktop"
                label="Desktop notifications"
                description="Show a system notification when a session ends."
                checked={field.value}
                onChange={(checked) => {
                  field.onChange(checked);
                  if (checked) askForPermission();
                }}
              >
                {desktopOn && permission === "denied" && (
                  <p className="text-sm text-destructive">Your browser blocks notifications for this site. Allow them in the site settings.</p>
                )}
                {desktopOn && permission === "unsupported" && (
                  <p className="text-sm text-muted-foreground">This browser does not show desktop notifications.</p>
                )}
              </SwitchField>
            )}
          />
        </CardContent>
      </Card>

      <AudioSettingsCard control={control} />

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
                    return (
                      <label
                        key={theme}
                        className="flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
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

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <SaveStatus status={save.isPending ? "saving" : save.isError ? "failed" : save.data?.status ?? "idle"} />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          Save Settings
        </Button>
      </div>
    </form>
  );
}

/** Where the last save stands, next to the button: changes save themselves, so say so. */
function SaveStatus({ status }: { status: "idle" | "saving" | "saved" | "queued" | "failed" }) {
  const text = {
    idle: "Changes save automatically.",
    saving: "Saving…",
    saved: "All changes saved.",
    queued: "Saved on this device; it syncs when the server is back.",
    failed: "Not saved. Check the values and try again.",
  }[status];
  const Icon = status === "saved" ? Check : status === "queued" ? CloudOff : null;
  return (
    <p role="status" data-testid="settings-save-status" className={status === "failed" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
      {Icon && <Icon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />}
      {text}
    </p>
  );
}

