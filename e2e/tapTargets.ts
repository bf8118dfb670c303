import type { Page } from "playwright-core";

/** The smallest tap target on a touch screen, CSS px (WCAG 2.5.5, Apple's and Android's guides). */
export const MIN_TAP_PX = 44;

/** A control smaller than MIN_TAP_PX on a side: what it is and its box. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control on `page` (links, buttons, fields, switches, tabs, checkboxes and radios
 * through their labels) whose tap target is under MIN_TAP_PX wide or high. A checkbox or radio
 * counts by the larger of its own box and its label's (tapping the label ticks it); an element
 * shown only to screen readers (1 px) counts by its label alone.
 */
export function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="link"]';
    const found: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden" || element.closest("[hidden], [aria-hidden='true'], [inert]")) continue;
      const own = element.getBoundingClientRect();
      const labels = element instanceof HTMLInputElement && element.labels ? Array.from(element.labels) : [];
      const boxes = [own, ...labels.map((label) => label.getBoundingClientRect())].filter((box) => box.width > 1 && box.height > 1);
      if (boxes.length === 0) continue;
      const width = Math.max(...boxes.map((box) => box.width));
      const height = Math.max(...boxes.map((box) => box.height));
      if (width >= min - 0.5 && height >= min - 0.5) continue;
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      const tag = element.tagName.toLowerCase() + (element.getAttribute("type") ? `[${element.getAttribute("type")}]` : "") + (element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : "");
      const where = element.parentElement?.closest("[data-testid], [aria-label], section, header, nav, li")?.getAttribute("data-testid") ?? element.parentElement?.tagName.toLowerCase() ?? "";
      found.push({ what: `${tag} "${name}" in ${where}`, width: Math.round(width), height: Math.round(height) });
    }
    return found;
  }, MIN_TAP_PX);
}
