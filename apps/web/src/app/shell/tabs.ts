import { ChartColumn, Headphones, Settings, ShieldCheck, Timer, type LucideIcon } from "lucide-react";
import type { AppTab } from "@/lib/events";

/** One tab of the main view: desktop rail label, mobile bar label and icon. */
export type TabItem = { id: AppTab; label: string; shortLabel: string; icon: LucideIcon };

/** The main view's tabs in display order. */
export const TAB_ITEMS: readonly TabItem[] = [
  { id: "timer", label: "Focus Arena", shortLabel: "Focus", icon: Timer },
  { id: "music", label: "Neural Audio", shortLabel: "Audio", icon: Headphones },
  { id: "block", label: "Website Shield", shortLabel: "Shield", icon: ShieldCheck },
  { id: "stats", label: "Statistics", shortLabel: "Stats", icon: ChartColumn },
  { id: "settings", label: "Settings", shortLabel: "Settings", icon: Settings },
];

/** The tabs a user sees: the settings tab is hidden for guests (`docs/product.md`). */
export function visibleTabs(isGuest: boolean): readonly TabItem[] {
  return isGuest ? TAB_ITEMS.filter((tab) => tab.id !== "settings") : TAB_ITEMS;
}
