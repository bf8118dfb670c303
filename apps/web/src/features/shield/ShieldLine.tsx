import type { ExtensionStatus } from "@focus/core/protocol";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { dispatchChangeTab } from "@/lib/events";
import { cn } from "@/lib/utils";
import { useCurrentSettings } from "@/runtime/currentSettings";
import { extensionStatus } from "./extensionStatus";
import { shieldQueryKeys } from "@/lib/queryKeys";

/** How often the line asks the extension again while the page is open, ms (a link or a pause made in the popup shows within this). */
const RECHECK_MS = 30_000;

/** How many entries of `GET /api/blocked-sites` are active. */
function countActive(data: unknown): number {
  return Array.isArray(data) ? data.filter((site: { active?: unknown } | null) => site?.active === true).length : 0;
}

/** What the line says about the Shield in this browser, and where it sends the user to fix it. */
type ShieldLineState =
  | { on: true; text: string }
  | { on: false; text: string; fix: { label: string; to: "extension" | "shield" } | null };

/**
 * The Shield's real state in this browser (`docs/product.md`, Website Shield), from what the
 * extension answers here and the user's list: on with how many sites, or off and why.
 * `sites` counts the active entries; `mode` is the Shield's (a block list, or an allow list);
 * `phone`: this browser is a phone's, where Chrome takes no extensions (nothing to fix here).
 */
export function shieldLineState(extension: ExtensionStatus | null, sites: number, mode: "blocklist" | "allowlist", phone = false): ShieldLineState {
  if (extension === null && phone) return { on: false, text: "Shield off on this phone: it blocks in Chrome on a computer", fix: null };
  if (extension === null) return { on: false, text: "Shield off: no extension in this browser", fix: { label: "Get the extension", to: "extension" } };
  if (extension.link === "paused") return { on: false, text: "Shield off: this browser is switched off", fix: { label: "Switch it on", to: "shield" } };
  if (extension.link === "unlinked" || !extension.pairedHere) return { on: false, text: "Shield off: the extension is not linked to this account", fix: { label: "Link it", to: "shield" } };
  if (mode === "allowlist") return { on: true, text: sites === 1 ? "Shield on: only 1 site allowed" : `Shield on: only ${sites} sites allowed` };
  if (sites === 0) return { on: false, text: "Shield on, but no sites are listed", fix: { label: "Add sites", to: "shield" } };
  return { on: true, text: sites === 1 ? "Shield on: 1 site" : `Shield on: ${sites} sites` };
}

/**
 * One line beside Start on the Shield in this browser ("Shield on: 5 sites" / "Shield off: no
 * extension in this browser"), with a link that fixes it. Signed-in users only (a guest has no
 * Shield); the extension is asked when the line shows and every RECHECK_MS.
 */
export function ShieldLine() {
  const extension = useQuery({ queryKey: ["extension-status"], queryFn: extensionStatus, refetchInterval: RECHECK_MS, staleTime: 0 });
  // The list's count only (the Shield tab parses the whole list): a light read for the timer's page.
  const activeSites = useQuery({ queryKey: shieldQueryKeys.blockedSites, select: countActive });
  const { shieldMode } = useCurrentSettings();
  if (extension.isPending || activeSites.data === undefined) return null;
  const state = shieldLineState(extension.data ?? null, activeSites.data, shieldMode, /Android|iPhone|iPad|Mobi/i.test(navigator.userAgent));
  return (
    <p className={cn("flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm", state.on ? "text-muted-foreground" : "text-amber-800 dark:text-amber-300")} data-testid="shield-line">
      <span className={cn("size-2 shrink-0 rounded-full", state.on ? "bg-emerald-500" : "bg-amber-500")} aria-hidden />
      <span>{state.text}</span>
      {!state.on &&
        state.fix !== null &&
        (state.fix.to === "extension" ? (
          <Link to="/extension" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
            {state.fix.label}
          </Link>
        ) : (
          <button type="button" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4" onClick={() => dispatchChangeTab("block")}>
            {state.fix.label}
          </button>
        ))}
    </p>
  );
}
