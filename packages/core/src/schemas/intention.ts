import { z } from "zod";
import { MAX_RECORD_ID } from "./ids";
import { showsWhatItSays } from "./plainText";

/**
 * Intentions and reflection (`docs/product.md`, Intentions, reflection and a break that calls you
 * back): what the user will do first in a focus session, and how it went.
 */

/** Longest intention, characters (after trimming). */
export const INTENTION_MAX_LENGTH = 140;

/** How a focus session went, as the reflection card asks it. */
export const SESSION_OUTCOMES = ["done", "partly", "stuck"] as const;
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number];

/** The words the card and Statistics show for each outcome. */
export const SESSION_OUTCOME_LABELS: Record<SessionOutcome, string> = { done: "Done", partly: "Partly", stuck: "Stuck" };

/** The focus rating's range, whole numbers. */
export const SESSION_RATING = { min: 1, max: 5 } as const;

/** Messages of the intention field and the reflection routes, word for word. */
export const INTENTION_MESSAGES = {
  tooLong: `Intention must be at most ${INTENTION_MAX_LENGTH} characters`,
  nul: "Intention must not contain a NUL character",
  rating: `rating must be a whole number from ${SESSION_RATING.min} to ${SESSION_RATING.max}`,
  outcome: "outcome must be done, partly or stuck",
  emptyReflection: "Send outcome, rating or both",
  sessionRef: "id must be a session id or the session's clientId",
  notFound: "Session not found",
  focusOnly: "Only a focus session can be reflected on",
} as const;

/**
 * An intention: trimmed, at most INTENTION_MAX_LENGTH characters, no NUL, nothing hidden
 * (`plainText.ts`). May be empty after trimming: callers treat "" as no intention (`intentionOf`).
 */
export const intentionSchema = z
  .string()
  .trim()
  .max(INTENTION_MAX_LENGTH, INTENTION_MESSAGES.tooLong)
  .refine((text) => !text.includes("\u0000"), INTENTION_MESSAGES.nul)
  .refine(...showsWhatItSays("Intention"));

/** The outcome of a session. */
export const sessionOutcomeSchema = z.enum(SESSION_OUTCOMES, { message: INTENTION_MESSAGES.outcome });

/** A focus rating, 1 to 5. */
export const sessionRatingSchema = z
  .number({ message: INTENTION_MESSAGES.rating })
  .int(INTENTION_MESSAGES.rating)
  .min(SESSION_RATING.min, INTENTION_MESSAGES.rating)
  .max(SESSION_RATING.max, INTENTION_MESSAGES.rating);

/**
 * Body of `PATCH /api/sessions/:id` (`docs/api.md`): the reflection on one's own session.
 * `rating: null` clears a rating; at least one field.
 */
export const sessionReflectionSchema = z
  .object({ outcome: sessionOutcomeSchema.optional(), rating: sessionRatingSchema.nullable().optional() })
  .refine((body) => body.outcome !== undefined || body.rating !== undefined, INTENTION_MESSAGES.emptyReflection);
export type SessionReflection = z.infer<typeof sessionReflectionSchema>;

/** The intention `text` stands for: trimmed, cut to INTENTION_MAX_LENGTH characters; null when empty or absent. */
export function intentionOf(text: string | null | undefined): string | null {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? null : trimmed.slice(0, INTENTION_MAX_LENGTH).trim();
}

/**
 * The "When X, I will Y" form's intention: "When I open the laptop, I will write the intro".
 * Without a "when" it is "I will Y"; a "when" alone says nothing to do, so it gives "" (the form
 * asks for the other half), as both empty do.
 */
export function composeIntention(when: string, will: string): string {
  const w = when.trim().replace(/^when\s+/i, "");
  const i = will.trim().replace(/^i will\s+/i, "");
  if (w && i) return `When ${w}, I will ${i}`;
  return i ? `I will ${i}` : "";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Path of `PATCH /api/sessions/:id`: the session's id (plain decimal, as `positiveIdParam`) or its
 * idempotency key (`clientId`, a UUID), so a device can name a session the server recorded before
 * the device learnt its id (`docs/offline.md`).
 */
export const sessionRefParamsSchema = z.object({
  id: z.string().transform((text, ctx): { id: number } | { clientId: string } => {
    if (UUID.test(text)) return { clientId: text };
    if (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_RECORD_ID) return { id: Number(text) };
    ctx.addIssue({ code: "custom", message: INTENTION_MESSAGES.sessionRef });
    return z.NEVER;
  }),
});
