import type { ComponentType } from "react";
import type { User } from "@focus/core/schemas";
import { NeuralAudioPanel } from "@/features/audio/NeuralAudioPanel";
import { SettingsTab, StatsTab } from "@/app/tabs";
import { WebsiteShield } from "@/features/shield/WebsiteShield";
import type { AppTab } from "@/lib/events";

/**
 * The panel of each tab but the timer (which the shell renders itself, always mounted).
 * A tab without an entry shows the "coming in this release" panel. Each feature adds its
 * own line here.
 */
export const TAB_PANELS: Partial<Record<Exclude<AppTab, "timer">, ComponentType<{ user: User }>>> = {
  music: NeuralAudioPanel,
  block: WebsiteShield,
  stats: StatsTab,
  settings: SettingsTab,
};
