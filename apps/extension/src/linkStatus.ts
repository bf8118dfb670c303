/** How the extension stands with the web app, from what is stored (popup, badge, pairing answers). */
import type { ExtensionLinkStatus } from "@focus/core/protocol";
import type { StoredState } from "./storage";

/** `unlinked` without a pairing, `paused` while switched off in the web app, else `linked` or `connecting` by the live connection. */
export function linkStatusOf(state: Pick<StoredState, "pairing" | "connection">): ExtensionLinkStatus {
  if (!state.pairing) return "unlinked";
  if (state.pairing.paused) return "paused";
  return state.connection === "open" ? "linked" : "connecting";
}
