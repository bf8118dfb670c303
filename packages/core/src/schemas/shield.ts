import { z } from "zod";
import { blockedSiteSchema } from "./blockedSite";

/**
 * The Website Shield's settings and what the extension reads (`docs/product.md`, Website
 * Shield and linked devices): the mode (a block list or an allow list), the delay page's
 * numbers, and `GET /api/shield`, the one answer the extension fetches with its device token.
 */

/** Block list: the listed entries are blocked. Allow list: everything else is (the app's own origin never). */
export const SHIELD_MODES = ["blocklist", "allowlist"] as const;
export type ShieldMode = (typeof SHIELD_MODES)[number];

/** How each mode is named on screen. */
export const SHIELD_MODE_LABELS: Record<ShieldMode, string> = {
  blocklist: "Block the listed sites",
  allowlist: "Allow only the listed sites",
};

/** The delay page's countdown before "Continue", seconds (`docs/product.md`, Delay instead of a wall). */
export const DELAY_WAIT_SECONDS = 30;
/** How long "Continue" lets the user into the site, minutes. */
export const DELAY_PASS_MINUTES = 5;
/** Passes a day through delay pages: the setting's range and default. */
export const DELAY_PASSES_LIMITS = { min: 0, max: 10, default: 3 } as const;

/** The Shield's settings, part of the user's settings (`settingsSchema`). */
export const shieldSettingsFields = {
  shieldMode: z.enum(SHIELD_MODES),
  delayPassesPerDay: z.number().int().min(DELAY_PASSES_LIMITS.min).max(DELAY_PASSES_LIMITS.max),
};

/**
 * Answer of `GET /api/shield` (`docs/api.md`): the mode, the passes a day, and the user's
 * entries (the same as `GET /api/blocked-sites`).
 */
export const shieldStateSchema = z.object({
  mode: z.enum(SHIELD_MODES),
  delayPassesPerDay: z.number().int(),
  sites: z.array(blockedSiteSchema),
});
export type ShieldState = z.infer<typeof shieldStateSchema>;

/**
 * Passes left today through delay pages: the day's allowance minus the passes already taken
 * (never below 0). `passesToday` counts the passes of the local day.
 */
export function delayPassesLeft(passesToday: number, perDay: number): number {
  return Math.max(0, perDay - passesToday);
}
