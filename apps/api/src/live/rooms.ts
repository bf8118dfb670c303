/**
 * Focus rooms on the live connection (`docs/rooms.md`): who is in which room, the `room_state`
 * every member receives when someone joins, leaves or changes their status and when a round
 * begins, and closing rooms that stayed empty.
 *
 * - A room's round follows from its schedule (core's `roomRound`), so nothing about it is kept
 *   here; this instance wakes at each round's end to tell its members the next one.
 * - Presence is kept per API instance with the connections. Through `publish` (the PostgreSQL
 *   relay, when there is one) each instance tells the others who is in its rooms on every
 *   change and every ROOM_PRESENCE_HEARTBEAT_MS; what it heard from an instance that has gone
 *   quiet for ROOM_PRESENCE_TIMEOUT_MS is forgotten, so a crashed instance's members vanish.
 *   A closed tab or lost connection leaves at once (the socket's close) or, when the socket
 *   dies silently, when the live heartbeat drops it.
 * - A room nobody has been in for ROOM_EMPTY_CLOSE_MS closes (`sweep`, run with the heartbeat).
 * - One user with several tabs in a room is one member (their latest status).
 * - Whoever looks at a room (its page, signed in or not, member or not) may watch it
 *   (`watch`, the `/ws/rooms/<slug>` socket): watchers get the same `room_state` as members on
 *   every change, here or relayed from another instance, and `room_closed`, so nobody polls to
 *   see who is there.
 * - A member on the Free plan whose focus sessions of the day are used up is shown as such
 *   (`limitReached`, decided here with core's plan rules in the time zone their live connection
 *   named): checked when they join and at the start of every round.
 */
import {
  type LiveMessage,
  type LiveRoom,
  MAX_ROOM_MEMBERS,
  ROOM_EMPTY_CLOSE_MS,
  ROOM_PRESENCE_HEARTBEAT_MS,
  ROOM_PRESENCE_TIMEOUT_MS,
  type RoomMember,
  roomMemberSchema,
  roomRound,
  type SubscriptionFields,
} from "@focus/core";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/database";
import { dailyFocusLimitReached } from "../domain/sessions";
import { subscriptionOf } from "../domain/subscription";
import { endRoom, findRoomById, findRoomBySlug, listOpenRoomsStartedBefore, type RoomWithOwner } from "../repositories/rooms";
import { findUserById } from "../repositories/users";
import type { LiveClient, LiveLogger } from "./hub";

/** What instances tell each other about rooms (carried by the live relay). */
export const roomRelaySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("presence"),
    roomId: z.number().int(),
    // joinedAt (epoch ms) orders the list the same on every instance; absent from an older instance.
    members: roomMemberSchema.extend({ joinedAt: z.number().optional() }).array().max(MAX_ROOM_MEMBERS),
  }),
  z.object({ kind: z.literal("closed"), roomId: z.number().int(), reason: z.string().max(200) }),
]);
export type RoomRelayMessage = z.infer<typeof roomRelaySchema>;
type RoomRelayPresence = Extract<RoomRelayMessage, { kind: "presence" }>;

/** What a join refused for a full room says. */
export const ROOM_FULL_MESSAGE = `This room is full (${MAX_ROOM_MEMBERS} people). Try another one.`;
/** What a join of an unknown or ended room says. */
export const ROOM_GONE_MESSAGE = "This room has ended or does not exist.";
/** Why a room closed by itself. */
export const ROOM_CLOSED_EMPTY = "Nobody was in this room for 10 minutes, so it closed.";
/** Why a room its owner ended closed. */
export const ROOM_CLOSED_BY_OWNER = "The owner ended this room.";

interface LocalMember {
  client: LiveClient;
  userId: number;
  name: string;
  status: string;
  /** The member's plan as it was when they joined, and the time zone of their connection: today's limit. */
  subscription: SubscriptionFields;
  timeZone: string;
  /** The plan's daily limit keeps them out of focus rounds (last checked at their join or a round's start). */
  limitReached: boolean;
  /** When this connection joined, epoch ms: the list's order. */
  joinedAt: number;
  /** Order of status changes here: a user in two tabs shows the status set last. */
  statusSeq: number;
}

/** A member with when they joined (their earliest connection's join), epoch ms. */
type TimedMember = RoomMember & { joinedAt: number };

/**
 * Someone shown a room without taking part through it: a `/ws/rooms/<slug>` socket (a room page,
 * a visitor's included). Gets `room_state` on every change and `room_closed`.
 */
export interface RoomWatcher {
  /** Unique within the process. */
  readonly id: number;
  send(message: LiveMessage): void;
  close(code: number, reason: string): void;
}

/** The time zone a live connection named (its `timeZone`, when it has one), else UTC. */
function timeZoneOf(client: LiveClient): string {
  return client.timeZone ?? "UTC";
}

/**
 * One entry per user of `members` (this instance's connections, then what other instances said),
 * with the status (and limit) of the first entry seen for the user and their earliest join, in
 * order of joining (ties by name): the same list on every instance.
 */
function byJoining(members: Iterable<{ name: string; status: string; limitReached?: boolean; joinedAt?: number }>): TimedMember[] {
  const byName = new Map<string, TimedMember>();
  for (const { name, status, limitReached = false, joinedAt = 0 } of members) {
    const seen = byName.get(name);
    if (seen) seen.joinedAt = Math.min(seen.joinedAt, joinedAt);
    else byName.set(name, { name, status, limitReached, joinedAt });
  }
  return [...byName.values()].sort((a, b) => a.joinedAt - b.joinedAt || a.name.localeCompare(b.name));
}

interface Presence {
  local: Map<number, LocalMember>;
  remote: Map<string, { members: RoomRelayPresence["members"]; heardAt: number }>;
  /** Last time anyone was known to be in it, epoch ms. */
  occupiedAt: number;
  /** The timer that announces the next round to this instance's members. */
  boundary: NodeJS.Timeout | null;
  /** Who watches it from this instance, by watcher id. */
  watchers: Map<number, RoomWatcher>;
}

export interface RoomHubOptions {
  db: Kysely<Database>;
  /** Sends a message to the other instances (no-op without a relay). */
  publish?: (message: RoomRelayMessage) => void;
  log?: LiveLogger & { warn?(object: object, message: string): void };
  /** Clock, epoch ms (tests). */
  now?: () => number;
}

/** The rooms of this instance's live connections. */
export class RoomHub {
  private readonly db: Kysely<Database>;
  private readonly publishRelay: (message: RoomRelayMessage) => void;
  private readonly log: RoomHubOptions["log"];
  private readonly now: () => number;
  /** Open rooms someone joined here or another instance told of, by id. */
  private readonly rooms = new Map<number, RoomWithOwner>();
  private readonly presence = new Map<number, Presence>();
  /** The room each connection is in. */
  private readonly roomOf = new Map<number, number>();
  /** The room each watcher watches. */
  private readonly watchedBy = new Map<number, number>();
  /** Connections whose join is loading the room, and those of them that closed meanwhile. */
  private readonly joining = new Set<number>();
  private readonly gone = new Set<number>();
  private readonly startedAt: number;
  private seq = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(options: RoomHubOptions) {
    this.db = options.db;
    this.publishRelay = options.publish ?? (() => undefined);
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

  /** Starts the heartbeat (presence to other instances, stale presence out, empty rooms closed). */
  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.tick(), ROOM_PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Stops every timer (shutdown). */
  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const presence of this.presence.values()) if (presence.boundary) clearTimeout(presence.boundary);
  }

  /** Handles a room message of a connection; other messages are not for this hub. */
  receive(client: LiveClient, message: LiveMessage): void {
    switch (message.type) {
      case "room_join":
        void this.join(client, message.slug, message.status ?? "").catch((error: unknown) => {
          this.log?.warn?.({ err: error, userId: client.userId }, "room join failed");
          client.send({ type: "room_error", slug: message.slug, message: "Could not join the room, please try again." });
        });
        return;
      case "room_leave":
        this.leave(client);
        return;
      case "room_status":
        this.setStatus(client, message.status);
        return;
      default:
        return;
    }
  }

  /**
   * Puts the connection in the room (leaving any other), with whether the plan's daily limit
   * keeps them out of focus rounds, then tells every member and watcher.
   */
  async join(client: LiveClient, slug: string, status: string): Promise<void> {
    this.joining.add(client.id);
    let room: RoomWithOwner | undefined;
    let user: Awaited<ReturnType<typeof findUserById>>;
    let limitReached = false;
    try {
      [room, user] = await Promise.all([findRoomBySlug(this.db, slug), findUserById(this.db, client.userId)]);
      if (user && room?.ended_at === null) {
        limitReached = await dailyFocusLimitReached(this.db, user.id, subscriptionOf(user), this.now(), timeZoneOf(client));
      }
    } finally {
      this.joining.delete(client.id);
    }
    if (this.gone.delete(client.id)) return;
    if (!room || room.ended_at !== null || !user) {
      client.send({ type: "room_error", slug, message: ROOM_GONE_MESSAGE });
      return;
    }
    const current = this.roomOf.get(client.id);
    if (current !== undefined && current !== room.id) this.leave(client);
    this.rooms.set(room.id, room);
    const presence = this.presenceOf(room.id);
    const others = this.members(room.id).filter((member) => member.name !== user.username);
    if (!presence.local.has(client.id) && others.length >= MAX_ROOM_MEMBERS) {
      client.send({ type: "room_error", slug, message: ROOM_FULL_MESSAGE });
      return;
    }
    const joinedAt = presence.local.get(client.id)?.joinedAt ?? this.now();
    presence.local.set(client.id, {
      client,
      userId: user.id,
      name: user.username,
      status,
      subscription: subscriptionOf(user),
      timeZone: timeZoneOf(client),
      limitReached,
      joinedAt,
      statusSeq: ++this.seq,
    });
    presence.occupiedAt = this.now();
    this.roomOf.set(client.id, room.id);
    this.schedule(room.id);
    this.changed(room.id);
  }

  /**
   * Sends the open room `slug` to `watcher` now and on every change until `unwatch` (or the room
   * closes: `room_closed`, then the watcher is closed). False, sending nothing, when the room
   * does not exist or has ended. Watching is not being in the room: a room only watched still
   * closes when nobody has been in it for ROOM_EMPTY_CLOSE_MS.
   */
  async watch(slug: string, watcher: RoomWatcher): Promise<boolean> {
    const row = await findRoomBySlug(this.db, slug);
    if (!row || row.ended_at !== null) return false;
    const room = this.rooms.get(row.id) ?? row;
    this.rooms.set(room.id, room);
    this.unwatch(watcher);
    const presence = this.presenceOf(room.id, Math.max(Date.parse(room.started_at), this.startedAt));
    presence.watchers.set(watcher.id, watcher);
    this.watchedBy.set(watcher.id, room.id);
    watcher.send({ type: "room_state", room: this.view(room), serverNow: this.now() });
    return true;
  }

  /** Stops sending to the watcher (its socket closed); no error when it watches nothing. */
  unwatch(watcher: RoomWatcher): void {
    const roomId = this.watchedBy.get(watcher.id);
    if (roomId === undefined) return;
    this.watchedBy.delete(watcher.id);
    this.presence.get(roomId)?.watchers.delete(watcher.id);
  }

  /** Takes the connection out of its room (no error when in none), then tells the others. */
  leave(client: LiveClient): void {
    const roomId = this.roomOf.get(client.id);
    if (roomId === undefined) return;
    this.roomOf.delete(client.id);
    const presence = this.presence.get(roomId);
    if (!presence?.local.delete(client.id)) return;
    presence.occupiedAt = this.now();
    if (presence.local.size === 0 && presence.boundary) {
      clearTimeout(presence.boundary);
      presence.boundary = null;
    }
    this.changed(roomId);
  }

  /** The connection closed: out of its room, and out of a join still loading. */
  clientGone(client: LiveClient): void {
    if (this.roomOf.has(client.id)) this.leave(client);
    else if (this.joining.has(client.id)) this.gone.add(client.id);
  }

  /** Sets what the connection's user says they work on. */
  setStatus(client: LiveClient, status: string): void {
    const roomId = this.roomOf.get(client.id);
    const member = roomId === undefined ? undefined : this.presence.get(roomId)?.local.get(client.id);
    if (roomId === undefined || !member || member.status === status) return;
    member.status = status;
    member.statusSeq = ++this.seq;
    this.changed(roomId);
  }

  /** Everyone in the room on every instance, one entry per user, in order of joining. */
  members(roomId: number): RoomMember[] {
    const presence = this.presence.get(roomId);
    if (!presence) return [];
    const fresh = this.now() - ROOM_PRESENCE_TIMEOUT_MS;
    const remote = [...presence.remote.values()].filter((heard) => heard.heardAt >= fresh).flatMap((heard) => heard.members);
    return byJoining([...this.localMembers(presence), ...remote]).map(({ name, status, limitReached }) => ({ name, status, limitReached }));
  }

  /** This instance's members of the room, one per user, with the status set last. */
  private localMembers(presence: Presence): TimedMember[] {
    return byJoining([...presence.local.values()].sort((a, b) => b.statusSeq - a.statusSeq));
  }

  /** The room as its members see it now. */
  view(room: RoomWithOwner): LiveRoom {
    const startedAt = Date.parse(room.started_at);
    const schedule = { startedAt, focusMinutes: room.focus_minutes, breakMinutes: room.break_minutes };
    return {
      slug: room.slug,
      name: room.name,
      visibility: room.visibility,
      ownerName: room.owner_name,
      focusMinutes: room.focus_minutes,
      breakMinutes: room.break_minutes,
      startedAt,
      endedAt: room.ended_at === null ? null : Date.parse(room.ended_at),
      round: roomRound(schedule, this.now()),
      members: room.ended_at === null ? this.members(room.id) : [],
    };
  }

  /**
   * The room ended (its owner, or `sweep`): every member and watcher here gets `room_closed`
   * (members leave it, watchers are closed), and, unless the news came from another instance,
   * the others are told.
   */
  closed(roomId: number, reason: string, relayed = false): void {
    const room = this.rooms.get(roomId);
    const presence = this.presence.get(roomId);
    if (presence) {
      if (presence.boundary) clearTimeout(presence.boundary);
      for (const member of presence.local.values()) {
        this.roomOf.delete(member.client.id);
        if (room) member.client.send({ type: "room_closed", slug: room.slug, reason });
      }
      for (const watcher of presence.watchers.values()) {
        this.watchedBy.delete(watcher.id);
        if (room) watcher.send({ type: "room_closed", slug: room.slug, reason });
        watcher.close(1000, "Room ended");
      }
    }
    this.presence.delete(roomId);
    this.rooms.delete(roomId);
    if (!relayed) this.publishRelay({ kind: "closed", roomId, reason });
  }

  /** Applies what another instance said. */
  onRelay(message: RoomRelayMessage, from: string): void {
    if (message.kind === "closed") {
      this.closed(message.roomId, message.reason, true);
      return;
    }
    const presence = this.presenceOf(message.roomId);
    const before = JSON.stringify(this.members(message.roomId));
    if (message.members.length === 0) presence.remote.delete(from);
    else presence.remote.set(from, { members: message.members, heardAt: this.now() });
    if (message.members.length > 0) presence.occupiedAt = this.now();
    if (JSON.stringify(this.members(message.roomId)) !== before) this.broadcast(message.roomId);
  }

  /**
   * Heartbeat: tells the other instances who is here, forgets presence not heard of within
   * ROOM_PRESENCE_TIMEOUT_MS (telling members when that changes the list), and closes rooms
   * empty for ROOM_EMPTY_CLOSE_MS.
   */
  async tick(): Promise<void> {
    const now = this.now();
    for (const [roomId, presence] of this.presence) {
      if (presence.local.size > 0) this.publishPresence(roomId);
      let dropped = false;
      for (const [instance, heard] of presence.remote) {
        if (heard.heardAt < now - ROOM_PRESENCE_TIMEOUT_MS) {
          presence.remote.delete(instance);
          dropped = true;
        }
      }
      if (this.members(roomId).length > 0) presence.occupiedAt = now;
      if (dropped) this.broadcast(roomId);
    }
    await this.sweep().catch((error: unknown) => this.log?.warn?.({ err: error }, "could not close empty rooms"));
  }

  /** Closes the open rooms nobody has been in for ROOM_EMPTY_CLOSE_MS at `now` (epoch ms); returns how many. */
  async sweep(now = this.now()): Promise<number> {
    const candidates = await listOpenRoomsStartedBefore(this.db, new Date(now - ROOM_EMPTY_CLOSE_MS));
    let count = 0;
    for (const room of candidates) {
      const presence = this.presence.get(room.id);
      if (this.members(room.id).length > 0) continue;
      // Without news of it since this process started, the room counts as occupied until then.
      const lastSeen = presence?.occupiedAt ?? Math.max(Date.parse(room.started_at), this.startedAt);
      if (now - lastSeen < ROOM_EMPTY_CLOSE_MS) continue;
      if (await endRoom(this.db, room.id, new Date(now))) count += 1;
      this.closed(room.id, ROOM_CLOSED_EMPTY);
    }
    return count;
  }

  /** The room's row as cached here, loading it when unknown (undefined when it does not exist). */
  async room(roomId: number): Promise<RoomWithOwner | undefined> {
    return this.rooms.get(roomId) ?? findRoomById(this.db, roomId);
  }

  /** The room's presence here, made when absent with `occupiedAt` (epoch ms; default now). */
  private presenceOf(roomId: number, occupiedAt = this.now()): Presence {
    let presence = this.presence.get(roomId);
    if (!presence) {
      presence = { local: new Map(), remote: new Map(), occupiedAt, boundary: null, watchers: new Map() };
      this.presence.set(roomId, presence);
    }
    return presence;
  }

  /** Members changed here: tell the members and the other instances. */
  private changed(roomId: number): void {
    this.broadcast(roomId);
    this.publishPresence(roomId);
  }

  private publishPresence(roomId: number): void {
    const presence = this.presence.get(roomId);
    this.publishRelay({ kind: "presence", roomId, members: presence ? this.localMembers(presence) : [] });
  }

  /** Sends `room_state` to this instance's members and watchers of the room. */
  private broadcast(roomId: number): void {
    const room = this.rooms.get(roomId);
    const presence = this.presence.get(roomId);
    if (!room || !presence || (presence.local.size === 0 && presence.watchers.size === 0)) return;
    const message: LiveMessage = { type: "room_state", room: this.view(room), serverNow: this.now() };
    for (const member of presence.local.values()) member.client.send(message);
    for (const watcher of presence.watchers.values()) watcher.send(message);
  }

  /**
   * Checks again, at a round's start, whether each member here is kept out of focus rounds by
   * their plan's daily limit (a session completed in the last round may have used up the day,
   * midnight may have given a new one); tells everyone when that changed anything.
   */
  private async refreshLimits(roomId: number): Promise<void> {
    const presence = this.presence.get(roomId);
    if (!presence) return;
    let changed = false;
    for (const member of [...presence.local.values()]) {
      const reached = await dailyFocusLimitReached(this.db, member.userId, member.subscription, this.now(), member.timeZone);
      // The member may have left while the sessions were read.
      if (presence.local.get(member.client.id) !== member || member.limitReached === reached) continue;
      member.limitReached = reached;
      changed = true;
    }
    if (changed) this.changed(roomId);
  }

  /** Wakes at the end of the current round to announce the next one, while members are here. */
  private schedule(roomId: number): void {
    const room = this.rooms.get(roomId);
    const presence = this.presence.get(roomId);
    if (!room || !presence || presence.boundary || presence.local.size === 0) return;
    const schedule = { startedAt: Date.parse(room.started_at), focusMinutes: room.focus_minutes, breakMinutes: room.break_minutes };
    const wait = Math.max(0, roomRound(schedule, this.now()).endsAt - this.now());
    presence.boundary = setTimeout(() => {
      presence.boundary = null;
      this.broadcast(roomId);
      this.schedule(roomId);
      this.refreshLimits(roomId).catch((error: unknown) => this.log?.warn?.({ err: error, roomId }, "could not check the members' daily limits"));
    }, wait + 1);
    presence.boundary.unref();
  }
}
