import { z } from "zod";
import { SESSION_OUTCOMES } from "./intention";
import { showsWhatItSays } from "./plainText";

/** Who can find a room: listed for everyone (`public`), or reached only by its link (`link`). */
const ROOM_VISIBILITIES = ["public", "link"] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];

/** A room's phases: a focus round, then a break round. */
const ROOM_PHASES = ["focus", "break"] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];

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
  /**
   * A status's bytes as sent (UTF-8, JSON-escaped, quotes left out): 80 characters of Japanese
   * (3 bytes each) fit; 80 control characters or lone surrogates (6 bytes each once escaped) do
   * not. With it a full room's `room_state` stays within ROOM_STATE_MAX_BYTES.
   */
  statusBytes: 240,
} as const;

/**
 * The most bytes one `room_state` frame of a full room takes (MAX_ROOM_MEMBERS members, each with
 * a 32-character username, a status of ROOM_LIMITS.statusBytes and a check-in, a name of 60
 * characters escaped at worst): the room's byte budget (`docs/rooms.md`, Limits under load).
 */
export const ROOM_STATE_MAX_BYTES = 18 * 1024;

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
 * relay: false. `checkIn`: how the room's last focus round went for them (done, partly, stuck),
 * shown during the break after it; null until they answer, and absent from older senders.
 */
const roomMemberSchema = z.object({
  name: z.string(),
  status: z.string(),
  limitReached: z.boolean().default(false),
  checkIn: z.enum(SESSION_OUTCOMES).nullable().default(null),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** The current round of a room (core's `roomRound`): times epoch ms. */
const roomRoundSchema = z.object({
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
  /** The owner's username; null for a caller who is not signed in (`docs/rooms.md`, Who sees names). */
  ownerName: z.string().nullable(),
  /** Whether the caller owns it (may end it). */
  isOwner: z.boolean(),
  focusMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  /** When the first round began, epoch ms: with the lengths, every round follows (`roomRound`). */
  startedAt: z.number(),
  /** Null while open; when it ended, epoch ms. */
  endedAt: z.number().nullable(),
  round: roomRoundSchema,
  /** How many people are in it now (each user once, however many tabs). */
  memberCount: z.number().int().min(0),
  /** Who they are, in order of joining; empty for a caller who is not signed in (they get the count). */
  members: roomMemberSchema.array(),
});
export type Room = z.infer<typeof roomSchema>;

/**
 * The room the account is in (`GET /api/me/room`, `docs/rooms.md`, Staying in a room):
 * every device of the account follows it; null when it is in none (or its room ended).
 */
export const roomMembershipSchema = z.object({ room: z.object({ slug: roomSlugSchema, name: z.string() }).nullable() });
export type RoomMembership = z.infer<typeof roomMembershipSchema>;

/** The bytes `text` takes inside a JSON frame (UTF-8, escapes included, quotes left out). */
function jsonTextBytes(text: string): number {
  // JSON.stringify escapes control characters and lone surrogates, so what is left is well formed.
  let bytes = 0;
  for (const character of JSON.stringify(text)) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes - 2;
}

/**
 * A member's status line, as sent over the live connection: trimmed, at most 80 characters and
 * ROOM_LIMITS.statusBytes bytes as sent, nothing hidden (`plainText.ts`).
 */
export const roomStatusSchema = z
  .string()
  .trim()
  .max(ROOM_LIMITS.statusLength, `Status must be at most ${ROOM_LIMITS.statusLength} characters`)
  .refine(...showsWhatItSays("Status"))
  .refine((status) => jsonTextBytes(status) <= ROOM_LIMITS.statusBytes, "Status is too long");

/** A room as the admin's list shows it (`GET /api/admin/rooms`): open rooms, public, link and hidden. */
export const adminRoomSchema = z.object({
  slug: roomSlugSchema,
  name: z.string(),
  visibility: z.enum(ROOM_VISIBILITIES),
  ownerName: z.string(),
  memberCount: z.number().int().min(0),
  /** When it opened, epoch ms. */
  startedAt: z.number(),
  /** When someone was last known to be in it, epoch ms; null when nobody ever joined. */
  occupiedAt: z.number().nullable(),
  /** Left off the public list by an admin (still reached by its link). */
  hidden: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** Body of `PUT /api/admin/rooms/:slug/hidden`: hide the room from the public list, or show it again. */
export const adminRoomUpdateSchema = z.object({ hidden: z.boolean("hidden must be true or false") });
