import { z } from "zod";

/**
 * The Chrome extension as the web app and the API see it (`docs/product.md`, Website Shield
 * and linked devices): its fixed id, the messages a page of the app may send it through
 * `externally_connectable`, and what it answers.
 */

/**
 * The extension's id. Chrome derives it from the public `key` in the extension's manifest
 * (the first 128 bits of the key's SHA-256, written with the letters a-p), so every install,
 * unpacked or from the zip, has this id and the web app can address it.
 * `apps/extension/src/manifest.test.ts` checks that the two agree.
 */
export const EXTENSION_ID = "mefijibapljoileomklklbkimifgmjfc";

/** The extension's version. */
export const EXTENSION_VERSION = "1.4.0";

/** Where the API serves the extension's zip: a zip file at the site root (`docs/api.md`). */
export const EXTENSION_ZIP_PATH = "/focus-extension.zip";

/** The name a paired extension gets in the user's list of linked devices. */
export const EXTENSION_DEVICE_NAME = "Chrome extension";

/**
 * How the extension stands with the user's account:
 * - `unlinked`: no device token (never paired, or unlinked in the web app: 401 / close 4401);
 * - `paused`: the device was switched off in the web app (403 / close 4403);
 * - `connecting`: paired, the live connection is not open (yet);
 * - `linked`: paired and connected.
 */
const EXTENSION_LINK_STATUSES = ["unlinked", "paused", "connecting", "linked"] as const;
export type ExtensionLinkStatus = (typeof EXTENSION_LINK_STATUSES)[number];

/** The labels the popup and the web app show for a link status. */
export const EXTENSION_LINK_LABELS: Record<ExtensionLinkStatus, string> = {
  unlinked: "Not linked",
  paused: "Paused",
  connecting: "Connecting",
  linked: "Linked",
};

/** An http(s) origin: scheme, host and optional port, nothing after. */
const originSchema = z.string().regex(/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i, "must be an http(s) origin");

/**
 * Messages a page of the app may send the extension (`chrome.runtime.sendMessage(EXTENSION_ID,
 * message)`). `pair` hands over a device token made by `POST /api/linked-devices` and the
 * origin of the API it belongs to (the page's own); the extension fetches the blocklist itself
 * and never takes one from a page.
 */
export const extensionExternalMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("pair"),
    token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, "must be a device token"),
    apiOrigin: originSchema,
  }),
  z.object({ type: z.literal("unpair") }),
  z.object({ type: z.literal("status") }),
]);
export type ExtensionExternalMessage = z.infer<typeof extensionExternalMessageSchema>;

/** The extension's answer to `status`, `pair` and `unpair`. */
export const extensionStatusSchema = z.object({
  version: z.string(),
  link: z.enum(EXTENSION_LINK_STATUSES),
  /** Whether the extension is paired with the asking page's origin. */
  pairedHere: z.boolean(),
  /** Set when a `pair` failed: why. */
  error: z.string().optional(),
});
export type ExtensionStatus = z.infer<typeof extensionStatusSchema>;
