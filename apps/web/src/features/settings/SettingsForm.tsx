import type { Settings, User } from "@focus/core/schemas";
import { Check, CloudOff, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AppearanceCard } from "./AppearanceCard";
import { AudioSettingsCard } from "./AudioSettingsCard";
import { NotificationSettingsCard } from "./NotificationSettingsCard";
import { FlowtimeCard } from "./FlowtimeCard";
import { StrictFocusCard } from "./StrictFocusCard";
import { TimerSettingsCard } from "./TimerSettingsCard";
import { useSettingsForm } from "./useSettingsForm";

export { AUTOSAVE_DELAY_MS } from "./useSettingsForm";

/**
 * Timer, notification, audio and theme settings (ranges in docs/product.md). Every change saves
 * itself a moment after the user makes it, as in Pomofocus; leaving the form saves what is
 * still waiting at once, so nothing is dropped. 'Save Settings' saves right away and confirms
 * with a toast (`useSettingsForm`). The timer follows every save: a started session keeps its
 * length, the next one takes the new durations. The theme applies at once.
 */
export function SettingsForm({ settings, user }: { settings: Settings; user: User }) {
  const { control, submitNow, save, waiting } = useSettingsForm(settings, user);
  return (
    <form noValidate className="grid gap-6" onSubmit={submitNow}>
      <TimerSettingsCard control={control} />
      <FlowtimeCard control={control} />
      <StrictFocusCard control={control} />
      <NotificationSettingsCard control={control} />
      <AudioSettingsCard control={control} />
      <AppearanceCard control={control} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <SaveStatus status={waiting || save.isPending ? "saving" : save.isError ? "failed" : (save.data?.status ?? "idle")} />
        <Button type="submit" size="lg" className="w-full sm:w-auto" aria-busy={save.isPending}>
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
