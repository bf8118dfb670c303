import { STORAGE_KEYS, settingsSchema, type Settings, type User } from "@focus/core";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/queryKeys";
import { saveSettings, type SettingsSaveResult } from "@/features/offline/sync";

/**
 * The user's settings on the client. The path of a change: the form's values are merged once
 * over the settings the app holds (`useSaveSettings`), saved through the outbox
 * (`saveSettings`), and the result is put in the query cache (`applySettings`), which the timer
 * host hands to the timer chart as `SET_SETTINGS`. No other code writes settings.
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
 * Saves changed settings for `user`: `changes` are merged over the settings the app holds
 * (the one client-side merge), applied at once (the timer follows without waiting for the
 * server), and saved through the outbox. A refusal restores the server's settings and
 * rejects with its ApiError.
 */
export function useSaveSettings(user: User) {
  const client = useQueryClient();
  return useMutation<SettingsSaveResult, Error, Partial<Settings>>({
    mutationFn: async (changes) => {
      const current = client.getQueryData<Settings>(queryKeys.settings) ?? cachedSettings();
      const settings = settingsSchema.parse({ ...current, ...changes });
      applySettings(client, settings);
      if (user.isGuest) return { status: "saved", settings };
      try {
        return await saveSettings(user.id, settings);
      } catch (error) {
        void client.invalidateQueries({ queryKey: queryKeys.settings });
        throw error;
      }
    },
    onSuccess: (result) => applySettings(client, result.settings),
  });
}
