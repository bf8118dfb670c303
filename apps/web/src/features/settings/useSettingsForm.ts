import type { Settings, User } from "@focus/core/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { getStoredTheme, onThemeChange } from "@/lib/theme";
import { fromFormValues, settingsFormSchema, toFormValues, type SettingsFormValues } from "./settingsForm";
import { useSaveSettings } from "@/runtime/settings";

/** How long the form waits after the last change before saving it by itself, ms. */
export const AUTOSAVE_DELAY_MS = 600;

/**
 * The settings form's state and saving: react-hook-form over the user's settings (the theme
 * shown is the one this browser uses now, and follows the header's toggle); every change saves
 * itself AUTOSAVE_DELAY_MS after the last one, one still waiting when the form goes away is saved
 * at once, and `submitNow` ('Save Settings') saves right away and confirms with a toast. Saves
 * go through `useSaveSettings` (the outbox); a refusal toasts the server's reason. 'Save
 * Settings' is taken while another save is on its way, and confirms once both are answered. `waiting` is
 * true while a change waits for its autosave, so the page never says "saved" before it is.
 */
export function useSettingsForm(settings: Settings, user: User) {
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: { ...toFormValues(settings), theme: getStoredTheme() },
  });
  const { handleSubmit, setValue, subscribe } = form;
  useEffect(() => onThemeChange((theme) => setValue("theme", theme)), [setValue]);

  const save = useSaveSettings(user);
  const { mutateAsync } = save;
  // Saves still on their way: 'Save Settings' may be pressed while an autosave is (a slow network).
  const inFlight = useRef(new Set<Promise<unknown>>());
  // Each save's own promise, not mutate()'s callbacks: those fire for the latest call only, so
  // an autosave that started just before 'Save Settings' and ended after it took its toast away.
  const saveValues = useCallback(
    (values: SettingsFormValues, explicit: boolean) => {
      const earlier = [...inFlight.current];
      const saving = mutateAsync(fromFormValues(values));
      inFlight.current.add(saving);
      void saving
        .catch((error: unknown) => {
          // The settings screen's own wording; the server's reason when it gave one.
          const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : "An error occurred while saving your settings.";
          toast({ title: "Failed to save settings", description, variant: "destructive" });
        })
        .finally(() => inFlight.current.delete(saving));
      // Confirmed once the server has this save and every one still on its way when it was asked
      // for (changes an autosave took are not in this one); a refused one toasts its own failure.
      if (explicit) void Promise.all([...earlier, saving]).then(() => toast({ title: "Settings saved", description: "Your preferences have been updated." }), () => undefined);
    },
    [mutateAsync],
  );

  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; flush: () => void } | null>(null);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        // No name: a reset or a whole-form update, not a change to save.
        if (!name) return;
        if (pending.current) clearTimeout(pending.current.timer);
        const flush = () => {
          pending.current = null;
          setWaiting(false);
          void handleSubmit((values) => saveValues(values, false))();
        };
        pending.current = { timer: setTimeout(flush, AUTOSAVE_DELAY_MS), flush };
        setWaiting(true);
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

  const submitNow = (event: FormEvent<HTMLFormElement>) => {
    // The waiting autosave is dropped at the click, before the form's checks run: the explicit
    // save takes its changes.
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    setWaiting(false);
    void handleSubmit((values) => saveValues(values, true))(event);
  };

  return { control: form.control, submitNow, save, waiting };
}
