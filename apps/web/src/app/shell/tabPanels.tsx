import { lazy, type ComponentType } from "react";
import type { User } from "@focus/core/schemas";
import type { AppTab } from "@/lib/events";

/**
 * The panel of each tab but the timer (which the shell renders itself, always mounted), each
 * loaded when its tab is first opened: a phone's first visit to /app downloads the timer only.
 * A tab without an entry shows the "coming in this release" panel. Each feature adds its own
 * line here.
 */
export const TAB_PANELS: Partial<Record<Exclude<AppTab, "timer">, ComponentType<{ user: User }>>> = {
  music: lazy(async () => ({ default: (await import("@/features/audio/NeuralAudioPanel")).NeuralAudioPanel })),
  block: lazy(async () => ({ default: (await import("@/features/shield/WebsiteShield")).WebsiteShield })),
  stats: lazy(async () => ({ default: (await import("@/app/statsTab")).StatsTab })),
  settings: lazy(async () => ({ default: (await import("@/app/settingsTab")).SettingsTab })),
};
