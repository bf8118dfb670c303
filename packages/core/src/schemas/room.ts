import { z } from "zod";
import { showsWhatItSays } from "./plainText";
import { ROOM_PHASES } from "../rooms/schedule";

/** Who can find a room: listed for everyone (`public`), or reached only by its link (`link`). */
export const ROOM_VISIBILITIES = ["public", "link"] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];

/** A room's public handle in its link (`/rooms/<slug>`): 10 URL-safe characters the server makes. */
export const roomSlugSchema = z.string().regex(/^[A-Za-z0-9_-]{10}$/, "Room not found");

/** Path parameters of `/api/rooms/:slug…`: any text (one that is no slug is simply not found, 404). */
export const roomSlugParamsSchema = z.object({ slug: z.string().max(64) });

/** Limits of a room's rounds, whole minutes: focus 5-60 by 5, break 1-15. */
export const ROOM_LIMITS = {
  focusMinutes: { min: 5, max: 60, step: 5, default: 25 },
  breakMinutes: { min: 1, max: 15, step: 1, default: 5 },
  nameLength: 60,
  statusLength: 80,
} as const;

/** Body of `POST /api/rooms` (`docs/rooms.md`). */
export const roomCreateSchema = z.object({
  name: z
    .string("Name is required")
    .trim()
    .min(1, "Name is required")
    .max(ROOM_LIMITS.nameLength, `Name must be at most ${ROOM_LIMITS.nameLength} characters`)
    .refine(...showsWhatItSays("Name")),
  visibility: z.enum(ROOM_VISIBILITIES, "visibility must be public or link"),
  focusMinutes: z
    .number()
    .int()
    .min(ROOM_LIMITS.focusMinutes.min, "Focus rounds last 5 to 60 minutes")
    .max(ROOM_LIMITS.focusMinutes.max, "Focus rounds last 5 to 60 minutes")
    .multipleOf(ROOM_LIMITS.focusMinutes.step, "Focus rounds last a multiple of 5 minutes")
    .default(ROOM_LIMITS.focusMinutes.default),
  breakMinutes: z
    .number()
    .int()
    .min(ROOM_LIMITS.breakMinutes.min, "Breaks last 1 to 15 minutes")
    .max(ROOM_LIMITS.breakMinutes.max, "Breaks last 1 to 15 minutes")
    .default(ROOM_LIMITS.breakMinutes.default),
});
export type RoomCreate = z.infer<typeof roomCreateSchema>;

/**
 * A member as others see them: their name, what they said they are working on ("" for none), and
 * whether their plan's daily limit keeps them out of today's focus rounds (`limitReached`: the
 * Free plan's sessions of the day are used up; `docs/rooms.md`). Absent from an older instance's
 * relay: false.
 */
export const roomMemberSchema = z.object({
  name: z.string(),
  status: z.string(),
  limitReached: z.boolean().default(false),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** The current round of a room (core's `roomRound`): times epoch ms. */
export const roomRoundSchema = z.object({
  index: z.number().int().min(0),
  phase: z.enum(ROOM_PHASES),
  startedAt: z.number(),
  endsAt: z.number(),
});

/** A room as the API shows it (`GET /api/rooms/:slug`; list rows have the same shape). */
export const roomSchema = z.object({
  slug: roomSlugSchema,
  name: z.string(),
  visibility: z.enum(ROOM_VISIBILITIES),
  ownerName: z.string(),
  /** Whether the caller owns it (may end it). */
  isOwner: z.boolean(),
  focusMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  /** When the first round began, epoch ms: with the lengths, every round follows (`roomRound`). */
  startedAt: z.number(),
  /** Null while open; when it ended, epoch ms. */
  endedAt: z.number().nullable(),
  round: roomRoundSchema,
  members: roomMemberSchema.array(),
});
export type Room = z.infer<typeof roomSchema>;

/** A member's status line, as sent over the live connection: trimmed, at most 80 characters, nothing hidden (`plainText.ts`). */
export const roomStatusSchema = z
  .string()
  .trim()
  .max(ROOM_LIMITS.statusLength)
  .refine(...showsWhatItSays("Status"));
