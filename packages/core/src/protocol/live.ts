import { z } from "zod";
import { roomSchema, roomSlugSchema, roomStatusSchema } from "../schemas/room";
import { SESSION_OUTCOMES } from "../schemas/intention";
import { MAX_FAILED_ENTRIES } from "../schemas/shield";
import { accountTimerSchema, MAX_TIMER_COMMANDS, timerCommandBatchSchema, timerCommandReplySchema } from "../timer/accountTimerSchema";
import { sharedTimerStateSchema } from "../schemas/timerState";


/** Longest entry a report names, characters: a host (253) and a path (200) with room to spare. */
const FAILED_ENTRY_MAX_LENGTH = 512;
/** Heartbeat of the live connection, ms: 20 s (`docs/api.md`, Live sync). */
export const LIVE_HEARTBEAT_MS = 20_000;
/** Reconnect attempts before giving up (`docs/api.md`, Live sync). */
export const LIVE_MAX_RECONNECT_ATTEMPTS = 10;
/** Path of the live connection (`docs/api.md`). */
export const LIVE_PATH = "/ws/timer";

/** Delay before reconnect attempt `attempt` (0-based), ms: min(30 s, 2 s × 1.5^attempt), `docs/api.md`. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 2000 * 1.5 ** Math.max(0, attempt));
}

/**
 * Commands over the live connection (`docs/api.md`: `sync_request`); `start`, `pause` and
 * `reset` let the extension's popup drive the web app's timer through the server.
 */
const LIVE_COMMAND_ACTIONS = ["sync_request", "start", "pause", "reset"] as const;

/** A room as its members' live connections receive it: `roomSchema` without the caller-specific `isOwner`. */
const liveRoomSchema = roomSchema.omit({ isOwner: true });
export type LiveRoom = z.infer<typeof liveRoomSchema>;

/**
 * Every message of `/ws/timer`, both directions (`docs/api.md`, Live sync). The `room_*`
 * messages are the focus rooms' channel on the same socket (`docs/rooms.md`): a client joins
 * one room at a time (`room_join`), says what it works on (`room_status`) and how the last
 * round went (`room_check_in`), and leaves
 * (`room_leave`, or by closing); the server answers `room_state` on every change (members,
 * round), `room_error` for a join it refuses and `room_closed` when the room ends.
 * `tasks_changed`, `room_membership_changed`, `settings_changed`, `sessions_changed` and `user_changed` come from the server
 * only, after the user's task list, settings, recorded sessions or account (plan, email) changed,
 * on any device or by the admin: the web app loads that data again (`docs/offline.md`).
 */
export const liveMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("timer_update"),
    timerState: sharedTimerStateSchema,
    /** Set by the server on relayed updates: who sent it ("web", "extension"). */
    source: z.string().max(32).optional(),
  }),
  /** `sentAt`: the client's clock when it sent the ping (epoch ms), echoed in the pong. */
  z.object({ type: z.literal("ping"), sentAt: z.number().optional() }),
  /**
   * The answer to a ping: the ping's `sentAt` and the server's clock (`serverNow`, epoch ms), one
   * sample of the client's clock offset (`clock.ts`).
   */
  z.object({ type: z.literal("pong"), sentAt: z.number().optional(), serverNow: z.number().optional() }),
  z.object({ type: z.literal("command"), action: z.enum(LIVE_COMMAND_ACTIONS) }),
  /**
   * `rejoin`: the join of a room the account is already in (a reload, a reconnection, another
   * device following the account), refused once the account has left it; without it, a join
   * from the room's page, which makes it the account's room.
   */
  z.object({ type: z.literal("room_join"), slug: roomSlugSchema, status: roomStatusSchema.optional(), rejoin: z.boolean().optional() }),
  z.object({ type: z.literal("room_leave") }),
  z.object({ type: z.literal("room_status"), status: roomStatusSchema }),
  /** How the room's focus round that just ended went (`docs/rooms.md`, Check-in): taken during the break after it. */
  z.object({ type: z.literal("room_check_in"), outcome: z.enum(SESSION_OUTCOMES) }),
  z.object({ type: z.literal("room_state"), room: liveRoomSchema, serverNow: z.number() }),
  z.object({ type: z.literal("room_error"), slug: z.string().max(64), message: z.string().max(200) }),
  z.object({ type: z.literal("room_closed"), slug: z.string().max(64), reason: z.string().max(200) }),
  z.object({ type: z.literal("tasks_changed") }),
  /** From the server: the account joined or left a room on another device; the web app loads `GET /api/me/room` again. */
  z.object({ type: z.literal("room_membership_changed") }),
  /** A paired extension's report of itself (`docs/product.md`, A shield that says when it is down). */
  z.object({
    type: z.literal("shield_status"),
    incognitoAllowed: z.boolean(),
    rulesInPlace: z.boolean(),
    /** The listed entries Chrome refused a rule for: the app names them (absent from older extensions). */
    failedEntries: z.array(z.string().max(FAILED_ENTRY_MAX_LENGTH)).max(MAX_FAILED_ENTRIES).optional(),
  }),
  /** From the server: a paired browser's report or a shield-off interval changed; the web app loads `GET /api/shield/status` again. */
  z.object({ type: z.literal("shield_changed") }),
  /**
   * From the server: the user's blocked sites changed, or a browser took a delay pass (the day's
   * passes taken changed); a paired extension fetches its list again, the web app reloads it.
   */
  z.object({ type: z.literal("blocked_sites_changed") }),
  /**
   * A device's commands to the account's timer over the live connection (`timerCommandBatchSchema`);
   * the server answers with `account_timer` and `replies`. The web app posts its batches instead
   * (`POST /api/timer/commands`, through its outbox).
   */
  timerCommandBatchSchema.extend({ type: z.literal("timer_commands"), commands: timerCommandBatchSchema.shape.commands.max(MAX_TIMER_COMMANDS) }),
  /**
   * The account's timer, from the server: on connecting, after every change (any device's
   * command, a session's end), and to a device whose commands it ran, with what became of
   * each (`replies`). `serverNow` is the server's clock when it was sent.
   */
  z.object({
    type: z.literal("account_timer"),
    timer: accountTimerSchema,
    serverNow: z.number(),
    replies: z.array(timerCommandReplySchema).max(MAX_TIMER_COMMANDS).optional(),
  }),
  z.object({ type: z.literal("settings_changed") }),
  z.object({ type: z.literal("sessions_changed") }),
  z.object({ type: z.literal("user_changed") }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** Parses one raw frame; null when it is not JSON or not a known message. */
export function parseLiveMessage(raw: string): LiveMessage | null {
  try {
    const parsed = liveMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
