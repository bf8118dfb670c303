import { DEFAULT_SETTINGS, type Settings } from "@focus/core/schemas";
import { createContext, useContext } from "react";

/** The settings in force (server, else last cached, else defaults), provided by the timer's host. */
export const CurrentSettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

/** The settings the timer and its notices follow now. */
export function useCurrentSettings(): Settings {
  return useContext(CurrentSettingsContext);
}
