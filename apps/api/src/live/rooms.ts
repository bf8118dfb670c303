/**
 * Focus rooms on the live connection (`docs/rooms.md`): who is in which room, the `room_state`
 * members and watchers receive when someone joins, leaves or changes their status and when a
 * round begins, and closing rooms that stayed empty.
 *
 * - A room's round follows from its schedule (core's `roomRound`), so nothing about it is kept
 *   here; this instance wakes at each round's end to tell its members the next one.
 * - Presence is in the database (`room_presence`, `repositories/roomPresence.ts`): each
 *   instance writes one row per room and user for its connections, refreshes its rows every
 *   ROOM_PRESENCE_HEARTBEAT_MS, and reads the room's rows to tell its members and watchers who
 *   is there. Across instances (the PostgreSQL relay, `publish`) only "room N changed" travels,
 *   a few bytes whatever the room holds; the other instances read the rows again. The rows of
 *   an instance that stopped refreshing them stop counting after ROOM_PRESENCE_TIMEOUT_MS.
 * - A room closes when the database says nobody has been in it for ROOM_EMPTY_CLOSE_MS
 *   (`sweep`): no instance ends a room because of what it alone did not hear.
 * - Under load (`docs/rooms.md`, Limits under load; ROOM_TRAFFIC_LIMITS): a room's `room_state`
 *   goes out at most once per `stateIntervalMs` (the latest state; the last change is always
 *   sent), and only when what it shows changed; joins per user are limited (over the limit
 *   refused with a message), status changes per user too (over it, only the latest waits for
 *   the user's next turn); a user is one member however many tabs, in one room at a time, with
 *   at most `connectionsPerUserInRoom` connections in it.
 * - Whoever looks at a room may watch it (`watch`, the `/ws/rooms/<slug>` socket) and gets the
 *   same `room_state`, with usernames only when signed in, and `room_closed`.
 * - A member's check-in on a focus round (`room_check_in`: done, partly, stuck) is taken during
 *   the break after it, for that round, and shown to the room until the break ends; it counts
 *   against the user's status limit (over it, dropped).
 * - A member on the Free plan whose focus sessions of the day are used up is shown as such
 *   (`limitReached`, decided here with core's plan rules in the time zone their live connection
 *   named): checked when they join and at the start of every round.
 */
import { randomUUID } from "node:crypto";
import { type LiveMessage } from "@focus/core/protocol";
import { MAX_ROOM_MEMBERS, ROOM_EMPTY_CLOSE_MS, ROOM_PRESENCE_HEARTBEAT_MS, ROOM_PRESENCE_TIMEOUT_MS, roomRound, type RoomSchedule } from "@focus/core/rooms";
import { type SessionOutcome } from "@focus/core/schemas";
import { type SubscriptionFields } from "@focus/core/subscription";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { NewRoomPresenceRow } from "../db/tables/roomPresence";
import { dailyFocusLimitReached, roundOutcomeOf } from "../domain/sessions";
import { subscriptionOf } from "../domain/subscription";
import {
  type Admission,
  admitMember,
  deleteInstancePresence,
  deleteRoomPresence,
  deleteStalePresence,
  listPresentMembers,
  type PresentMember,
  removeMember,
  type RoomCheckIn,
  saveMember,
  touchInstancePresence,
} from "../repositories/roomPresence";
import { findRoomOfMember, setRoomOfMember } from "../repositories/roomMembers";
import { endEmptyRooms, findRoomBySlug, type RoomWithOwner } from "../repositories/rooms";
import { findUserById } from "../repositories/users";
import type { LiveClient, LiveLogger, RoomTraffic } from "./hub";
import type { RoomRelayMessage } from "./roomRelay";
import { anonymousView, roomView } from "./roomView";
import { type BucketLimit, TokenBuckets } from "./tokenBuckets";


/** Limits of the rooms' live traffic (`docs/rooms.md`, Limits under load). */
export const ROOM_TRAFFIC_LIMITS = {
  /** A room's `room_state` goes out at most once in this many ms. */
  stateIntervalMs: 1000,
  /** One user's connections in one room. */
  connectionsPerUserInRoom: 3,
  /** Joins per user (`room_join`). */
  joins: { burst: 10, perMinute: 10 },
  /** Status changes per user (`room_status`). */
  statuses: { burst: 5, perMinute: 30 },
} as const;

/** The shape of ROOM_TRAFFIC_LIMITS, with any numbers (tests). */
export interface RoomTrafficLimits {
  stateIntervalMs: number;
  connectionsPerUserInRoom: number;
  joins: BucketLimit;
  statuses: BucketLimit;
}

/** What a join refused for a full room says. */
export const ROOM_FULL_MESSAGE = `This room is full (${MAX_ROOM_MEMBERS} people). Try another one.`;
/** What a join of an unknown or ended room says. */
export const ROOM_GONE_MESSAGE = "This room has ended or does not exist.";
/** What a join over the user's join limit says. */
export const ROOM_JOINS_MESSAGE = "You joined rooms too often in the last minute. Wait a minute, then join again.";
/** What a join from one connection too many says. */
export const ROOM_TABS_MESSAGE = `You are in this room in ${ROOM_TRAFFIC_LIMITS.connectionsPerUserInRoom} tabs or devices already. Close one to join here.`;
/** What a join while in another room says. */
export const ROOM_ELSEWHERE_MESSAGE = "You are in another room in another tab or device. Leave it there to join this one.";
/** What a rejoin of a room the account has left says (the device leaves it too). */
export const ROOM_LEFT_MESSAGE = "You left this room on another device.";
/** Why a room closed by itself. */
export const ROOM_CLOSED_EMPTY = "Nobody was in this room for 10 minutes, so it closed.";
/** Why a room its owner ended closed. */
export const ROOM_CLOSED_BY_OWNER = "The owner ended this room.";
/** Why a room an admin ended closed. */
export const ROOM_CLOSED_BY_ADMIN = "An admin ended this room.";

/** Why a join was refused (or abandoned: the connection closed or joined again meanwhile). */
type JoinOutcome = Admission | "gone" | "tabs" | "left" | "abandoned";

const REFUSALS: Partial<Record<JoinOutcome, string>> = {
  full: ROOM_FULL_MESSAGE,
  ended: ROOM_GONE_MESSAGE,
  gone: ROOM_GONE_MESSAGE,
  elsewhere: ROOM_ELSEWHERE_MESSAGE,
  tabs: ROOM_TABS_MESSAGE,
  left: ROOM_LEFT_MESSAGE,
};

interface LocalMember {
  client: LiveClient;
  userId: number;
  name: string;
  status: string;
  /** Order of status changes here (a user in two tabs shows the status set last), and when, epoch ms. */
  statusSeq: number;
  statusAt: number;
  /** The member's plan as it was when they joined, and the time zone of their connection: today's limit. */
  subscription: SubscriptionFields;
  timeZone: string;
  /** The plan's daily limit keeps them out of focus rounds (last checked at their join or a round's start). */
  limitReached: boolean;
  /** When this connection joined, epoch ms. */
  joinedAt: number;
  /** How the room's last focus round went, as this connection checked in; null for none. */
  checkIn: RoomCheckIn | null;
  /** A status over the user's limit, set when their next turn comes (only the latest is kept). */
  pendingStatus: string | null;
  pendingTimer: NodeJS.Timeout | null;
  /** Whether this connection got a `room_state` since it joined. */
  informed: boolean;
}

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

/** One room as this instance serves it: its connections and watchers, and its coalesced `room_state`. */
interface LiveRoomState {
  room: RoomWithOwner;
  local: Map<number, LocalMember>;
  /** Watchers by id, with whether they may see usernames (signed in). */
  watchers: Map<number, { watcher: RoomWatcher; named: boolean }>;
  /** Who is there, as last read from the database; null before the first read. */
  members: PresentMember[] | null;
  /** What the last `room_state` showed (members and round number): only a change goes out. */
  shown: string | null;
  /** The timer that announces the next round to this instance's members. */
  boundary: NodeJS.Timeout | null;
  /** This instance's presence writes for the room, one after another. */
  writes: Promise<void>;
  flushTimer: NodeJS.Timeout | null;
  flushing: boolean;
  /** Something changed since the last read; `changedHere`: here (the other instances are told). */
  dirty: boolean;
  changedHere: boolean;
  /** When the last read and send ended, epoch ms. */
  flushedAt: number;
}

export interface RoomHubOptions {
  db: Kysely<Database>;
  /** Sends a message to the other instances (no-op without a relay). */
  publish?: (message: RoomRelayMessage) => void;
  log?: LiveLogger & { warn?(object: object, message: string): void };
  /** Clock, epoch ms (tests). */
  now?: () => number;
  /** ROOM_TRAFFIC_LIMITS unless given (tests). */
  limits?: Partial<RoomTrafficLimits>;
  /** Tells the user's other connections, on every instance, a server message (`room_membership_changed`). */
  notifyUser?: (userId: number, message: LiveMessage, exceptClientId?: number) => void;
}

/** The rooms of this instance's live connections. */
export class RoomHub implements RoomTraffic {
  /** This instance's id in `room_presence` (random per process start). */
  readonly instanceId = randomUUID();
  private readonly db: Kysely<Database>;
  private readonly publishRelay: (message: RoomRelayMessage) => void;
  private readonly notifyUser: NonNullable<RoomHubOptions["notifyUser"]>;
  private readonly log: RoomHubOptions["log"];
  private readonly now: () => number;
  private readonly limits: RoomTrafficLimits;
  private readonly joinBudget: TokenBuckets;
  private readonly statusBudget: TokenBuckets;
  /** Rooms with connections or watchers here (or lately had), by id. */
  private readonly live = new Map<number, LiveRoomState>();
  /** The room each connection is in. */
  private readonly roomOf = new Map<number, number>();
  /** The room each watcher watches. */
  private readonly watchedBy = new Map<number, number>();
  /** Each connection's latest join under way, and connections that closed during one. */
  private readonly joining = new Map<number, number>();
  private readonly gone = new Set<number>();
  private seq = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(options: RoomHubOptions) {
    this.db = options.db;
    this.publishRelay = options.publish ?? (() => undefined);
    this.notifyUser = options.notifyUser ?? (() => undefined);
    this.log = options.log;
    this.now = options.now ?? (() => Date.now());
    this.limits = { ...ROOM_TRAFFIC_LIMITS, ...options.limits };
    this.joinBudget = new TokenBuckets(this.limits.joins, this.now);
    this.statusBudget = new TokenBuckets(this.limits.statuses, this.now);
  }

  /** Starts the heartbeat (presence refreshed, stale presence out, empty rooms closed). */
  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.tick(), ROOM_PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Stops every timer, waits for the presence writes under way, then deletes this instance's rows (shutdown). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const live of this.live.values()) this.stopTimers(live);
    await Promise.all([...this.live.values()].map((live) => live.writes));
    await deleteInstancePresence(this.db, this.instanceId).catch((error: unknown) => this.log?.warn?.({ err: error }, "could not clear this instance's room presence"));
  }

  /** Handles a room message of a connection; other messages are not for this hub. */
  receive(client: LiveClient, message: LiveMessage): void {
    switch (message.type) {
      case "room_join":
        void this.join(client, message.slug, message.status ?? "", message.rejoin === true).catch((error: unknown) => {
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
      case "room_check_in":
        this.checkIn(client, message.outcome);
        return;
      default:
        return;
    }
  }

  /**
   * Puts the connection in the room (leaving any other), with whether the plan's daily limit
   * keeps them out of focus rounds, then tells every member and watcher. Refuses with
   * `room_error` a join over the user's limit, of a room that is gone or full, from one
   * connection too many, while the user is in another room, or a `rejoin` of a room the account
   * is no longer in. A join that is not a rejoin makes the room the account's, on every device
   * (`room_membership_changed` to its other connections; `docs/rooms.md`, Staying in a room).
   */
  async join(client: LiveClient, slug: string, status: string, rejoin = false): Promise<void> {
    if (!this.joinBudget.take(client.userId)) {
      client.send({ type: "room_error", slug, message: ROOM_JOINS_MESSAGE });
      return;
    }
    const attempt = ++this.seq;
    this.joining.set(client.id, attempt);
    try {
      const outcome = await this.admit(client, slug, status, attempt, rejoin);
      const refusal = REFUSALS[outcome];
      if (refusal && !this.abandoned(client, attempt)) client.send({ type: "room_error", slug, message: refusal });
    } finally {
      if (this.joining.get(client.id) === attempt) {
        this.joining.delete(client.id);
        this.gone.delete(client.id);
      }
    }
  }

  /** Whether the join `attempt` of the connection no longer matters (it closed, or joined again). */
  private abandoned(client: LiveClient, attempt: number): boolean {
    return this.gone.has(client.id) || this.joining.get(client.id) !== attempt;
  }

  /** The checks and the admission of `join`. */
  private async admit(client: LiveClient, slug: string, status: string, attempt: number, rejoin: boolean): Promise<JoinOutcome> {
    // One connection too many is refused before anything is read (a flood of tabs costs no queries).
    const served = [...this.live.values()].find((live) => live.room.slug === slug);
    if (served && !served.local.has(client.id) && this.connectionsOf(served, client.userId).length >= this.limits.connectionsPerUserInRoom) return "tabs";
    const [room, user, accountRoom] = await Promise.all([
      findRoomBySlug(this.db, slug),
      findUserById(this.db, client.userId),
      rejoin ? findRoomOfMember(this.db, client.userId) : undefined,
    ]);
    if (!room || room.ended_at !== null || !user) return "gone";
    if (rejoin && accountRoom?.id !== room.id) return "left";
    const [limitReached, savedCheckIn] = await Promise.all([
      dailyFocusLimitReached(this.db, user.id, subscriptionOf(user), this.now(), client.timeZone ?? "UTC"),
      this.savedCheckIn(room, user.id),
    ]);
    if (this.abandoned(client, attempt)) return "abandoned";
    const current = this.roomOf.get(client.id);
    if (current !== undefined && current !== room.id) this.leave(client);
    if (this.inAnotherRoom(user.id, room.id)) return "elsewhere";
    const live = this.liveOf(room);
    const existing = live.local.get(client.id);
    if (!existing && this.connectionsOf(live, user.id).length >= this.limits.connectionsPerUserInRoom) return "tabs";
    const now = this.now();
    const member: LocalMember = {
      client,
      userId: user.id,
      name: user.username,
      status,
      statusSeq: ++this.seq,
      statusAt: now,
      subscription: subscriptionOf(user),
      timeZone: client.timeZone ?? "UTC",
      limitReached,
      joinedAt: existing?.joinedAt ?? now,
      checkIn: existing?.checkIn ?? savedCheckIn,
      pendingStatus: null,
      pendingTimer: null,
      informed: false,
    };
    return this.enqueue(live, async () => {
      if (this.abandoned(client, attempt)) return "abandoned";
      const others = this.connectionsOf(live, user.id).filter((other) => other.client.id !== client.id);
      // Checked again here, in the room's queue: joins from many tabs at once each passed the first check.
      if (!live.local.has(client.id) && others.length >= this.limits.connectionsPerUserInRoom) return "tabs";
      const row = this.rowOf(live.room.id, [...others, member]);
      const admission = row ? await admitMember(this.db, row, MAX_ROOM_MEMBERS, this.freshAfter()) : "ended";
      if (admission !== "admitted") return admission;
      // Stored before the room's state goes out: a device that reads the account's room on that
      // state finds this one.
      if (!rejoin) await this.makeAccountRoom(user.id, live.room.id, now, client.id);
      if (this.abandoned(client, attempt) || this.live.get(live.room.id) !== live) {
        await this.writeUser(live, user.id);
        return "abandoned";
      }
      if (existing?.pendingTimer) clearTimeout(existing.pendingTimer);
      live.local.set(client.id, member);
      this.roomOf.set(client.id, live.room.id);
      this.schedule(live);
      this.requestFlush(live, true);
      return "admitted";
    });
  }

  /**
   * Sends the open room `slug` to `watcher` now and on every change until `unwatch` (or the room
   * closes: `room_closed`, then the watcher is closed), with usernames when `named` (a signed-in
   * viewer). False, sending nothing, when the room does not exist or has ended. Watching is not
   * being in the room: a room only watched still closes when nobody has been in it for
   * ROOM_EMPTY_CLOSE_MS.
   */
  async watch(slug: string, watcher: RoomWatcher, named: boolean): Promise<boolean> {
    const row = await findRoomBySlug(this.db, slug);
    if (!row || row.ended_at !== null) return false;
    const live = this.liveOf(row);
    const members = live.members ?? (await this.readMembers(live.room.id));
    if (this.live.get(live.room.id) !== live) return false;
    live.members ??= members;
    this.unwatch(watcher);
    live.watchers.set(watcher.id, { watcher, named });
    this.watchedBy.set(watcher.id, live.room.id);
    const view = roomView(live.room, live.members, this.now(), true);
    watcher.send({ type: "room_state", room: named ? view : anonymousView(view), serverNow: this.now() });
    return true;
  }

  /** Stops sending to the watcher (its socket closed); no error when it watches nothing. */
  unwatch(watcher: RoomWatcher): void {
    const roomId = this.watchedBy.get(watcher.id);
    if (roomId === undefined) return;
    this.watchedBy.delete(watcher.id);
    this.live.get(roomId)?.watchers.delete(watcher.id);
  }

  /** Takes the connection out of its room (no error when in none), then tells the others. */
  leave(client: LiveClient): void {
    const roomId = this.roomOf.get(client.id);
    if (roomId === undefined) return;
    this.roomOf.delete(client.id);
    const live = this.live.get(roomId);
    const member = live?.local.get(client.id);
    if (!live || !member) return;
    live.local.delete(client.id);
    if (member.pendingTimer) clearTimeout(member.pendingTimer);
    if (live.local.size === 0 && live.boundary) {
      clearTimeout(live.boundary);
      live.boundary = null;
    }
    this.syncUser(live, member.userId);
    this.requestFlush(live, true);
  }

  /** The connection closed: out of its room, and out of a join still loading. */
  clientGone(client: LiveClient): void {
    if (this.joining.has(client.id)) this.gone.add(client.id);
    this.leave(client);
  }

  /**
   * Sets what the connection's user says they work on. Over the user's status limit the change
   * waits for their next turn, and only the latest one is kept.
   */
  setStatus(client: LiveClient, status: string): void {
    const roomId = this.roomOf.get(client.id);
    const live = roomId === undefined ? undefined : this.live.get(roomId);
    const member = live?.local.get(client.id);
    if (!live || !member) return;
    member.pendingStatus = status;
    this.applyStatus(live, member);
  }

  /**
   * Takes how the room's focus round that just ended went for the connection's user, during the
   * break after it (`docs/rooms.md`, Check-in). Ignored outside a break (the room moved on: the
   * answer is still kept with the user's session) and over the user's status limit.
   */
  checkIn(client: LiveClient, outcome: SessionOutcome): void {
    const roomId = this.roomOf.get(client.id);
    const live = roomId === undefined ? undefined : this.live.get(roomId);
    const member = live?.local.get(client.id);
    if (!live || !member) return;
    const round = roomRound(scheduleOf(live.room), this.now());
    if (round.phase !== "break") return;
    const checkIn = { round: round.index - 1, outcome };
    if (member.checkIn?.round === checkIn.round && member.checkIn.outcome === outcome) return;
    if (!this.statusBudget.take(member.userId)) return;
    member.checkIn = checkIn;
    this.syncUser(live, member.userId);
    this.requestFlush(live, true);
  }

  /**
   * Makes the room the account's (a join from the room's page) and tells the account's other
   * connections when that changed it. A failure to store it is logged: the join itself stands.
   */
  private async makeAccountRoom(userId: number, roomId: number, now: number, joinedFrom: number): Promise<void> {
    try {
      if (await setRoomOfMember(this.db, userId, roomId, new Date(now))) this.notifyUser(userId, { type: "room_membership_changed" }, joinedFrom);
    } catch (error) {
      this.log?.warn?.({ err: error, userId, roomId }, "could not store the account's room");
    }
  }

  /**
   * The user's check-in on the focus round before the room's current break, as kept with their
   * session of that round: a connection that joins in the break (after a reload, or on another
   * instance) shows the answer given on the one before. Null outside a break.
   */
  private async savedCheckIn(room: RoomWithOwner, userId: number): Promise<RoomCheckIn | null> {
    const schedule = scheduleOf(room);
    const round = roomRound(schedule, this.now());
    if (round.phase !== "break") return null;
    const outcome = await roundOutcomeOf(this.db, userId, { startedAt: round.startedAt - schedule.focusMinutes * 60_000, endsAt: round.startedAt });
    return outcome === null ? null : { round: round.index - 1, outcome };
  }

  private applyStatus(live: LiveRoomState, member: LocalMember): void {
    const status = member.pendingStatus;
    if (status === null || live.local.get(member.client.id) !== member || member.pendingTimer) return;
    if (status === member.status) {
      member.pendingStatus = null;
      return;
    }
    if (!this.statusBudget.take(member.userId)) {
      member.pendingTimer = setTimeout(() => {
        member.pendingTimer = null;
        this.applyStatus(live, member);
      }, this.statusBudget.wait(member.userId));
      member.pendingTimer.unref();
      return;
    }
    member.pendingStatus = null;
    member.status = status;
    member.statusSeq = ++this.seq;
    member.statusAt = this.now();
    this.syncUser(live, member.userId);
    this.requestFlush(live, true);
  }

  /**
   * The room ended (its owner, an admin, or `sweep`): every member and watcher here gets
   * `room_closed` (members leave it, watchers are closed), its presence rows go, and, unless the
   * news came from another instance, the others are told.
   */
  closed(roomId: number, reason: string, relayed = false): void {
    const live = this.live.get(roomId);
    if (live) {
      this.stopTimers(live);
      this.live.delete(roomId);
      for (const member of live.local.values()) {
        this.roomOf.delete(member.client.id);
        member.client.send({ type: "room_closed", slug: live.room.slug, reason });
      }
      live.local.clear();
      for (const { watcher } of live.watchers.values()) {
        this.watchedBy.delete(watcher.id);
        watcher.send({ type: "room_closed", slug: live.room.slug, reason });
        watcher.close(1000, "Room ended");
      }
    }
    const writes = live?.writes ?? Promise.resolve();
    void writes
      .then(() => deleteRoomPresence(this.db, roomId))
      .catch((error: unknown) => this.log?.warn?.({ err: error, roomId }, "could not clear an ended room's presence"));
    if (!relayed) this.publishRelay({ kind: "closed", roomId, reason });
  }

  /** Applies what another instance said: a room's presence changed (read it again), or it closed. */
  onRelay(message: RoomRelayMessage, _from: string): void {
    if (message.kind === "closed") {
      this.closed(message.roomId, message.reason, true);
      return;
    }
    const live = this.live.get(message.roomId);
    if (live) this.requestFlush(live, false);
  }

  /**
   * Heartbeat: refreshes this instance's presence (in `sweep`), closes rooms empty for
   * ROOM_EMPTY_CLOSE_MS, reads each served room again (members of an instance that stopped
   * drop out) and forgets rooms nobody here takes part in or watches.
   */
  async tick(): Promise<void> {
    await this.sweep().catch((error: unknown) => this.log?.warn?.({ err: error }, "could not refresh room presence or close empty rooms"));
    for (const [roomId, live] of this.live) {
      if (live.local.size > 0 || live.watchers.size > 0) this.requestFlush(live, false);
      else if (!live.flushTimer && !live.flushing && !live.boundary) this.live.delete(roomId);
    }
    this.joinBudget.prune();
    this.statusBudget.prune();
  }

  /**
   * At `now` (epoch ms): vouches for this instance's members (their rows seen now), closes the
   * open rooms the database shows nobody in for ROOM_EMPTY_CLOSE_MS, and deletes presence no
   * instance refreshed within ROOM_PRESENCE_TIMEOUT_MS. Returns how many rooms it closed.
   */
  async sweep(now = this.now()): Promise<number> {
    await touchInstancePresence(this.db, this.instanceId, new Date(now));
    const ended = await endEmptyRooms(this.db, new Date(now), new Date(now - ROOM_EMPTY_CLOSE_MS), new Date(now - ROOM_PRESENCE_TIMEOUT_MS));
    for (const roomId of ended) this.closed(roomId, ROOM_CLOSED_EMPTY);
    await deleteStalePresence(this.db, new Date(now - ROOM_PRESENCE_TIMEOUT_MS));
    return ended.length;
  }

  /** Who is in each of the rooms now, from the database (the HTTP routes' rooms). */
  presentIn(roomIds: readonly number[]): Promise<Map<number, PresentMember[]>> {
    return listPresentMembers(this.db, roomIds, this.freshAfter());
  }

  /** Presence rows seen before this no longer count (now minus ROOM_PRESENCE_TIMEOUT_MS). */
  freshAfter(): Date {
    return new Date(this.now() - ROOM_PRESENCE_TIMEOUT_MS);
  }

  private async readMembers(roomId: number): Promise<PresentMember[]> {
    return (await this.presentIn([roomId])).get(roomId) ?? [];
  }

  /** The room's state here, made when absent; an existing one takes `room`, the row just read. */
  private liveOf(room: RoomWithOwner): LiveRoomState {
    let live = this.live.get(room.id);
    if (!live) {
      live = {
        room,
        local: new Map(),
        watchers: new Map(),
        members: null,
        shown: null,
        boundary: null,
        writes: Promise.resolve(),
        flushTimer: null,
        flushing: false,
        dirty: false,
        changedHere: false,
        flushedAt: 0,
      };
      this.live.set(room.id, live);
    } else {
      // The row just read is the newest: a room served here since an earlier join follows it.
      live.room = room;
    }
    return live;
  }

  private stopTimers(live: LiveRoomState): void {
    if (live.boundary) clearTimeout(live.boundary);
    if (live.flushTimer) clearTimeout(live.flushTimer);
    live.boundary = null;
    live.flushTimer = null;
    for (const member of live.local.values()) if (member.pendingTimer) clearTimeout(member.pendingTimer);
  }

  /** The user's connections here in the room. */
  private connectionsOf(live: LiveRoomState, userId: number): LocalMember[] {
    return [...live.local.values()].filter((member) => member.userId === userId);
  }

  /** Whether the user has a connection here in another room than `roomId`. */
  private inAnotherRoom(userId: number, roomId: number): boolean {
    for (const [id, live] of this.live) {
      if (id !== roomId && this.connectionsOf(live, userId).length > 0) return true;
    }
    return false;
  }

  /** The user's row of this instance: their connections merged (status set last, earliest join); null for none. */
  private rowOf(roomId: number, connections: readonly LocalMember[]): NewRoomPresenceRow | null {
    const latest = connections.reduce<LocalMember | null>((best, member) => (!best || member.statusSeq > best.statusSeq ? member : best), null);
    if (!latest) return null;
    // The check-in on the latest round any of the connections answered.
    const checkIn = connections.reduce<RoomCheckIn | null>((best, member) => (member.checkIn && (!best || member.checkIn.round > best.round) ? member.checkIn : best), null);
    const now = new Date(this.now()).toISOString();
    return {
      room_id: roomId,
      user_id: latest.userId,
      instance_id: this.instanceId,
      status: latest.status,
      limit_reached: latest.limitReached ? 1 : 0,
      joined_at: new Date(Math.min(...connections.map((member) => member.joinedAt))).toISOString(),
      status_at: new Date(latest.statusAt).toISOString(),
      seen_at: now,
      check_in: checkIn?.outcome ?? null,
      check_in_round: checkIn?.round ?? null,
    };
  }

  /** Runs `work` after the room's earlier presence writes here (so they land in order). */
  private enqueue<T>(live: LiveRoomState, work: () => Promise<T>): Promise<T> {
    const run = live.writes.then(work);
    live.writes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Writes the user's row as their connections here now say (deleted when they have none). */
  private async writeUser(live: LiveRoomState, userId: number): Promise<void> {
    const row = this.rowOf(live.room.id, this.connectionsOf(live, userId));
    if (row && this.live.get(live.room.id) === live) await saveMember(this.db, row);
    else await removeMember(this.db, live.room.id, userId, this.instanceId, new Date(this.now()));
  }

  private syncUser(live: LiveRoomState, userId: number): void {
    this.enqueue(live, () => this.writeUser(live, userId)).catch((error: unknown) =>
      this.log?.warn?.({ err: error, roomId: live.room.id, userId }, "could not store room presence"),
    );
  }

  /**
   * Asks for the room's state to be read and sent: at once when the last send is more than
   * `stateIntervalMs` ago, else when it is (whatever changed meanwhile goes in that one send).
   * `here`: the change was made here (the other instances are told).
   */
  private requestFlush(live: LiveRoomState, here: boolean): void {
    live.dirty = true;
    if (here) live.changedHere = true;
    if (live.flushing || live.flushTimer) return;
    const delay = Math.max(0, live.flushedAt + this.limits.stateIntervalMs - this.now());
    live.flushTimer = setTimeout(() => void this.flush(live), delay);
  }

  /** Waits for the room's writes, tells the other instances, reads who is there, and sends it when it changed. */
  private async flush(live: LiveRoomState): Promise<void> {
    const roomId = live.room.id;
    live.flushTimer = null;
    live.flushing = true;
    live.dirty = false;
    const here = live.changedHere;
    live.changedHere = false;
    try {
      await live.writes;
      if (this.live.get(roomId) !== live) return;
      if (here) this.publishRelay({ kind: "changed", roomId });
      const members = await this.readMembers(roomId);
      if (this.live.get(roomId) !== live) return;
      live.members = members;
      this.broadcast(live);
    } catch (error) {
      this.log?.warn?.({ err: error, roomId }, "could not read room presence");
    } finally {
      live.flushing = false;
      live.flushedAt = this.now();
      if (live.dirty && this.live.get(roomId) === live) this.requestFlush(live, false);
    }
  }

  /**
   * Sends `room_state` to this instance's members and watchers of the room when what it shows
   * changed (members or round), else only to connections that joined since the last one. Each
   * view (named, anonymous) is built and serialized once.
   */
  private broadcast(live: LiveRoomState): void {
    if (live.local.size === 0 && live.watchers.size === 0) return;
    const now = this.now();
    const view = roomView(live.room, live.members ?? [], now, true);
    const key = JSON.stringify([view.round.index, view.members]);
    const changed = key !== live.shown;
    live.shown = key;
    const message: LiveMessage = { type: "room_state", room: view, serverNow: now };
    for (const member of live.local.values()) {
      if (!changed && member.informed) continue;
      member.informed = true;
      member.client.send(message);
    }
    if (!changed) return;
    let anonymous: LiveMessage | null = null;
    for (const { watcher, named } of live.watchers.values()) {
      anonymous ??= { type: "room_state", room: anonymousView(view), serverNow: now };
      watcher.send(named ? message : anonymous);
    }
  }

  /**
   * Checks again, at a round's start, whether each member here is kept out of focus rounds by
   * their plan's daily limit (a session completed in the last round may have used up the day,
   * midnight may have given a new one); stores and tells what changed.
   */
  private async refreshLimits(live: LiveRoomState): Promise<void> {
    const changedUsers = new Set<number>();
    for (const member of [...live.local.values()]) {
      const reached = await dailyFocusLimitReached(this.db, member.userId, member.subscription, this.now(), member.timeZone);
      // The member may have left while the sessions were read.
      if (live.local.get(member.client.id) !== member || member.limitReached === reached) continue;
      member.limitReached = reached;
      changedUsers.add(member.userId);
    }
    for (const userId of changedUsers) this.syncUser(live, userId);
    if (changedUsers.size > 0) this.requestFlush(live, true);
  }

  /** Wakes at the end of the current round to announce the next one, while members are here. */
  private schedule(live: LiveRoomState): void {
    const { room } = live;
    if (live.boundary || live.local.size === 0) return;
    const wait = Math.max(0, roomRound(scheduleOf(room), this.now()).endsAt - this.now());
    live.boundary = setTimeout(() => {
      live.boundary = null;
      if (this.live.get(room.id) !== live) return;
      this.requestFlush(live, false);
      this.schedule(live);
      this.refreshLimits(live).catch((error: unknown) => this.log?.warn?.({ err: error, roomId: room.id }, "could not check the members' daily limits"));
    }, wait + 1);
    live.boundary.unref();
  }
}

/** A room's schedule, from its row (epoch ms, minutes). */
function scheduleOf(room: RoomWithOwner): RoomSchedule {
  return { startedAt: Date.parse(room.started_at), focusMinutes: room.focus_minutes, breakMinutes: room.break_minutes };
}
