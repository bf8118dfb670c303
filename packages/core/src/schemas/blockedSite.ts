import { z } from "zod";
import { MAX_RECORD_ID, positiveIdParam } from "./ids";
import { showsWhatItSays } from "./plainText";
import { siteEntrySchema } from "./siteRule";

/**
 * Blocked websites and linked devices (`docs/product.md`, Website Shield and linked devices;
 * routes in `docs/api.md`).
 *
 * An entry of the list (a site, a path or an exception) is read and stored by siteRule.ts. A
 * host (of an entry, or the domain of a blocked attempt) is normalised as follows:
 * - surrounding spaces are trimmed and letters lower-cased;
 * - a scheme (`https://`), user info, port, path, query and fragment are dropped;
 * - a trailing dot is dropped, and one leading `www.` in front of another domain (blocking
 *   `youtube.com` covers its subdomains, `www.` included; `www.com` stays as it is).
 * The host must then be a domain (`docs/product.md`): dot-separated labels of letters, digits and
 * hyphens, each 1 to 63 characters and neither starting nor ending with a hyphen, ending in a
 * top-level part of at least 2 letters (ASCII). IP addresses and single-label names
 * (`localhost`) are refused.
 */

export { BLOCKED_SITE_MESSAGES, isValidDomain, normalizeWebsiteHost } from "./domain";

/** The add-website form: an entry of the list (siteRule.ts: a site, a path, or a `+` exception). */
export const addWebsiteFormSchema = z.object({ url: siteEntrySchema });
export type AddWebsiteFormInput = z.input<typeof addWebsiteFormSchema>;
export type AddWebsiteForm = z.output<typeof addWebsiteFormSchema>;

/** Body of `POST /api/blocked-sites` (`docs/api.md`): the entry (siteRule.ts), `active` sent as true on creation. */
export const blockedSiteInputSchema = z.object({
  url: siteEntrySchema,
  active: z.boolean().default(true),
});
export type BlockedSiteInput = z.output<typeof blockedSiteInputSchema>;

/**
 * An entry as the API returns it. `delay`: its blocked page counts down and then lets the user
 * in for a while (`docs/product.md`, Delay instead of a wall); absent in older answers.
 */
export const blockedSiteSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  active: z.boolean(),
  delay: z.boolean().default(false),
});
export type BlockedSite = z.infer<typeof blockedSiteSchema>;

/** Body of `PUT /api/blocked-sites/{id}` (`docs/api.md`): a wall or a delay page for this entry. */
export const blockedSiteUpdateSchema = z.object({ delay: z.boolean({ message: "delay must be true or false" }) });

/** Answer of `GET /api/blocked-sites` (`docs/api.md`). */
export const blockedSiteListSchema = z.array(blockedSiteSchema);

/**
 * A linked device as the API returns it (each paired extension is one, `docs/product.md`).
 * Dates are ISO 8601; `lastSeenAt` is null until the device first connects.
 */
export const linkedDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LinkedDevice = z.infer<typeof linkedDeviceSchema>;

/** Answer of `GET /api/linked-devices` (`docs/api.md`). */
export const linkedDeviceListSchema = z.array(linkedDeviceSchema);

/** Body of `PUT /api/linked-devices/{id}` (`docs/api.md`). */
export const linkedDeviceUpdateSchema = z.object({ isActive: z.boolean() });

// ---------------------------------------------------------------------------------------------
// For the API: limits, pairing a device, id parameters.
// ---------------------------------------------------------------------------------------------

/** Most websites one user may block (a sanity bound, not a plan limit). */
export const MAX_BLOCKED_SITES = 500;
/** Most linked devices one user may have. */
export const MAX_LINKED_DEVICES = 50;
/** Longest name of a linked device. */
const LINKED_DEVICE_NAME_MAX_LENGTH = 100;

/** Conflict messages of the blocked-sites and linked-devices calls (409). */
export const BLOCKED_SITE_CONFLICTS = {
  duplicate: "This website is already in your blocklist",
  tooMany: `You can block at most ${MAX_BLOCKED_SITES} websites`,
  tooManyDevices: `You can link at most ${MAX_LINKED_DEVICES} devices`,
} as const;

/** Body of `POST /api/linked-devices` (pairing, `docs/api.md`): the device's display name. */
export const linkedDeviceCreateSchema = z.object({
  name: z
    .string({ message: "Device name is required" })
    .trim()
    .min(1, "Device name is required")
    .max(LINKED_DEVICE_NAME_MAX_LENGTH, `Device name must be at most ${LINKED_DEVICE_NAME_MAX_LENGTH} characters`)
    .refine(...showsWhatItSays("Device name")),
});

/**
 * Answer of `POST /api/linked-devices` (201): the device and its token. The token (32 random
 * bytes, base64url) is shown only here; the server keeps its SHA-256 alone.
 */
export const linkedDeviceCreatedSchema = linkedDeviceSchema.extend({ token: z.string() });
export type LinkedDeviceCreated = z.infer<typeof linkedDeviceCreatedSchema>;

/** `{id}` path parameter of `DELETE /api/blocked-sites/{id}`, `/api/linked-devices/{id}` and `/api/tasks/{id}`. */
export const recordIdParamsSchema = z.object({
  id: positiveIdParam(`id must be a whole number from 1 to ${MAX_RECORD_ID}`),
});
