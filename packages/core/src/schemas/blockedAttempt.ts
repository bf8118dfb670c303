import { z } from "zod";
import { isValidDomain, normalizeWebsiteHost } from "./blockedSite";
import { isoDateTimeInYears } from "./dates";

/**
 * Blocked attempts (`docs/product.md`, Website Shield): each time the extension stops the user
 * from opening a blocked site it reports the site and the moment, and the Statistics tab shows
 * the counts per site and per focus session.
 */

/**
 * What the extension reports: a visit its blocked page stopped (`blocked`), a pass through a
 * delay page after its countdown (`pass`), or a turn-back there, "Go back to focus"
 * (`turned_back`) (`docs/product.md`, Delay instead of a wall).
 */
const BLOCKED_ATTEMPT_KINDS = ["blocked", "pass", "turned_back"] as const;
export type BlockedAttemptKind = (typeof BLOCKED_ATTEMPT_KINDS)[number];

/**
 * Body of `POST /api/blocked-attempts`: the blocked domain (normalised like a blocked site,
 * "https://www.youtube.com/x" → "youtube.com"), when it happened and, when the sender knows it,
 * the start of the focus session it happened in (else the server fills it in from the live
 * timer state).
 */
export const blockedAttemptInputSchema = z.object({
  domain: z
    .string({ message: "domain is required" })
    .trim()
    .min(1, "domain is required")
    .transform(normalizeWebsiteHost)
    .refine(isValidDomain, "domain must be a domain name, e.g. example.com"),
  at: isoDateTimeInYears("at"),
  sessionStart: isoDateTimeInYears("sessionStart").optional(),
  kind: z.enum(BLOCKED_ATTEMPT_KINDS, { message: `kind must be one of ${BLOCKED_ATTEMPT_KINDS.join(", ")}` }).default("blocked"),
});
export type BlockedAttemptInput = z.output<typeof blockedAttemptInputSchema>;

/** A stored attempt as `POST /api/blocked-attempts` answers it (201). Dates are ISO 8601 UTC. */
export const blockedAttemptSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  at: z.string(),
  sessionStart: z.string().nullable(),
  kind: z.enum(BLOCKED_ATTEMPT_KINDS),
});
export type BlockedAttempt = z.infer<typeof blockedAttemptSchema>;

/**
 * Reports an account's history keeps per 24 hours (a window that starts with the first report,
 * counted on the server across instances; `docs/api.md`, Limits). Past it a report is answered
 * 202 and counted, not stored, so a flood of reports cannot fill the database or slow the
 * Statistics tab; a person stopped at a site hundreds of times a day stays far below it.
 */
export const BLOCKED_ATTEMPTS_PER_DAY = 1000;

/** The 202 answer of `POST /api/blocked-attempts` past BLOCKED_ATTEMPTS_PER_DAY: counted, not stored. */
export const blockedAttemptNotStoredSchema = z.object({
  stored: z.literal(false),
  /** Reports over the limit in the current 24 hours, this one included. */
  notStored: z.number().int(),
});
export type BlockedAttemptNotStored = z.infer<typeof blockedAttemptNotStoredSchema>;

/**
 * Answer of `GET /api/blocked-attempts/summary`: stopped visits per site (most first) and per
 * focus session (newest session first; attempts outside a known session are not in this list),
 * and the totals of each kind.
 */
/** Most sites and focus sessions the summary lists (the sites with the most stopped visits, the latest sessions); the other sites are one total. */
export const BLOCKED_SUMMARY_TOP = 10;

export const blockedAttemptSummarySchema = z.object({
  perSite: z.array(z.object({ domain: z.string(), count: z.number().int() })),
  /** The sites past the BLOCKED_SUMMARY_TOP listed: how many, and their stopped visits. */
  otherSites: z.object({ sites: z.number().int(), count: z.number().int() }).default({ sites: 0, count: 0 }),
  perSession: z.array(z.object({ sessionStart: z.string(), count: z.number().int() })),
  /** Every report of the user by kind: stopped visits, delay-page passes and turn-backs. */
  totals: z.object({ blocked: z.number().int(), pass: z.number().int(), turned_back: z.number().int() }).default({ blocked: 0, pass: 0, turned_back: 0 }),
  /** Reports of the current 24 hours past BLOCKED_ATTEMPTS_PER_DAY: counted, not in the lists or totals. */
  notStored: z.number().int().default(0),
});
export type BlockedAttemptSummary = z.infer<typeof blockedAttemptSummarySchema>;
