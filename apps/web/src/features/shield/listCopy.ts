import type { ShieldMode } from "@focus/core/schemas";

/**
 * The Shield list's wording in each mode (`docs/product.md`, Website Shield): a block list names
 * the sites that are blocked while a focus session runs; an allow list names the only sites that
 * open. The block list's words are the product's own; the allow list's say the opposite plainly,
 * so the list, its form and its toasts never call an allowed site "blocked".
 */
export interface ShieldListCopy {
  title: string;
  description: string;
  empty: string;
  loading: string;
  loadFailed: string;
  inputLabel: string;
  placeholder: string;
  hint: string;
  added: { title: string; description: string };
  removed: { title: string; description: string };
}

export const SHIELD_LIST_COPY: Record<ShieldMode, ShieldListCopy> = {
  blocklist: {
    title: "Blocked websites",
    description: "The Chrome extension blocks these sites while a focus session runs.",
    empty: "No websites blocked yet. Add the sites that pull you away most often.",
    loading: "Loading your blocked websites",
    loadFailed: "Couldn't load your blocked websites.",
    inputLabel: "Website to block",
    placeholder: "e.g. youtube.com/shorts",
    hint: "A site (youtube.com) or a part of one (youtube.com/shorts); start with + to let a part through (+youtube.com/watch). Subdomains count too.",
    added: { title: "Website added to blocklist", description: "The website will be blocked during focus sessions." },
    removed: { title: "Website removed from blocklist", description: "The website will no longer be blocked." },
  },
  allowlist: {
    title: "Allowed websites",
    description: "While a focus session runs, the Chrome extension opens only these sites (and Focus Flow) and blocks everything else.",
    empty: "No websites allowed yet: during a focus session every site but Focus Flow is blocked. Add the sites your work needs.",
    loading: "Loading your allowed websites",
    loadFailed: "Couldn't load your allowed websites.",
    inputLabel: "Website to allow",
    placeholder: "e.g. docs.google.com",
    hint: "A site (github.com) or a part of one (github.com/your-team). Subdomains count too.",
    added: { title: "Website added to allow list", description: "The website will stay open during focus sessions." },
    removed: { title: "Website removed from allow list", description: "The website will be blocked during focus sessions." },
  },
};

/**
 * The toast for an added entry (its stored form, `site.url`): an exception (stored with its
 * leading `+`) in a block list says that part stays open; anything else, the mode's words.
 */
export function addedCopy(mode: ShieldMode, entry: string): { title: string; description: string } {
  if (mode === "blocklist" && entry.startsWith("+")) return { title: "Exception added", description: `${entry.slice(1)} will stay open during focus sessions.` };
  return SHIELD_LIST_COPY[mode].added;
}
