/**
 * The navigation check (`docs/product.md`, Website Shield): the rules stop what they can match,
 * and this check catches what they cannot, after the fact. Whenever a tab's page changes while
 * sites are blocked, its address is checked as a site reads it (core's `siteEntryCovers`: another
 * spelling of a listed path, `/%73horts`, `//shorts`, `/shorts;x`, a host's trailing dot), and a
 * listed page is sent to the blocked page. Pages no rule sees are caught the same way: a page a
 * site's own service worker answers, a page restored from the back/forward cache, a prerendered
 * page shown, an address a page changes without loading (`history.pushState`). Framed pages are
 * left to the rules (`sub_frame`).
 */
import { blockingPlan } from "./blocking";
import type { ChromeAdapter } from "./chromeAdapter";
import { readRedirectKey } from "./redirectKey";
import { BLOCKED_PAGE_PATH, blockedPageFor } from "./rules";
import { readState } from "./storage";

/** A tab's page as Chrome reported it: the tab, the frame (0: the page itself), its address. */
export interface TabPage {
  tabId: number;
  frameId: number;
  url: string;
}

/**
 * Checks one reported page at `now` (server clock, epoch ms) and sends the tab to the blocked
 * page when the Shield blocks it now.
 * @returns whether the tab was sent to the blocked page.
 */
export async function checkNavigation(chrome: ChromeAdapter, page: TabPage, now: number): Promise<boolean> {
  if (page.frameId !== 0 || !/^https?:/i.test(page.url)) return false;
  const plan = blockingPlan(await readState(chrome), now);
  if (!plan.active) return false;
  const redirect = await readRedirectKey(chrome);
  const target = blockedPageFor(page.url, plan, chrome.runtime.getURL(BLOCKED_PAGE_PATH), redirect?.key ?? null);
  if (target === null) return false;
  await chrome.tabs.navigate(page.tabId, target);
  return true;
}
