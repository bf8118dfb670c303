import { STORAGE_KEYS } from "@focus/core/constants";
import { DEFAULT_SETTINGS, settingsChanges, settingsSchema, type Settings, type SettingsUpdate, type User } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getStoredTheme, setTheme } from "@/lib/theme";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";
import { saveSettings, type SettingsSaveResult } from "@/runtime/outbox/sync";

/**
 * The user's settings on the client. The path of a change: `useSaveSettings` takes the values
 * that differ from the settings the app holds (core's `settingsChanges`), applies them over those
 * (the one client-side merge) to the query cache (`applySettings`, which the timer host hands to
 * the timer chart as `SET_SETTINGS`), and sends only them through the outbox (`saveSettings`);
 * the server merges them over the stored settings and answers the whole, which replaces the
 * cache. No other code writes settings.
 */

/** The last settings this browser saw (`settings` in localStorage), or null. */
export function cachedSettings(): Settings | null {
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Makes `settings` the app's settings: the query cache (what the timer follows) and the stored copy. */
export function applySettings(client: QueryClient, settings: Settings): void {
  client.setQueryData(queryKeys.settings, settings);
  try {
    window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
  } catch {
    // The query cache is what the timer reads; the stored copy is only a fallback.
  }
}

/**
 * Settings from `GET /api/settings`, also kept in localStorage. Guests have no server settings
 * (nothing of a guest is stored on the server): pass `enabled` false for them.
 */
export function useSettings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.settings,
    enabled,
    queryFn: async () => {
      const settings = settingsSchema.parse(await api.get("/api/settings"));
      window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
      return settings;
    },
  });
}

/**
 * The account's theme applied to this browser whenever the server's settings bring one (on
 * login in a new browser, after a save from another device is loaded). Guests keep the
 * browser's own choice.
 */
export function useAccountTheme(user: User): void {
  const theme = useSettings(!user.isGuest).data?.theme;
  useEffect(() => {
    if (theme && theme !== getStoredTheme()) setTheme(theme);
  }, [theme]);
}

/**
 * Saves `values` for `user`: only those that differ from the settings the app holds are sent
 * (nothing at all when none do), so a save never puts back another device's older choices.
 * The change applies at once (the timer follows without waiting for the server) and goes
 * through the outbox. A refusal restores the server's settings and rejects with its ApiError.
 */
export function useSaveSettings(user: User) {
  const client = useQueryClient();
  return useMutation<SettingsSaveResult, Error, SettingsUpdate>({
    mutationFn: async (values) => {
      const current = client.getQueryData<Settings>(queryKeys.settings) ?? cachedSettings() ?? DEFAULT_SETTINGS;
      const changes = settingsChanges(current, values);
      if (Object.keys(changes).length === 0) return { status: "saved", settings: current };
      const settings = settingsSchema.parse({ ...current, ...changes });
      applySettings(client, settings);
      if (user.isGuest) return { status: "saved", settings };
      try {
        return await saveSettings(user.id, changes, settings);
      } catch (error) {
        void client.invalidateQueries({ queryKey: queryKeys.settings });
        throw error;
      }
    },
    onSuccess: (result) => applySettings(client, result.settings),
  });
}
