/**
 * Focus rooms (`docs/rooms.md`, routes in `docs/api.md`):
 * - `GET /api/rooms` → 200 the open public rooms no admin hid, those with people in them first
 *   (most first), then by recent activity, then the empty ones (anyone, signed in or not);
 * - `POST /api/rooms` `{ name, visibility, focusMinutes?, breakMinutes? }` → 201 the room, its
 *   first focus round starting now (signed-in users; 409 past MAX_OPEN_ROOMS_PER_OWNER open
 *   rooms, counted under the user's row lock so concurrent creates cannot pass it together;
 *   429 past ROOM_CREATE_RATE_LIMIT);
 * - `GET /api/rooms/:slug` → 200 the room, open or ended, public or by link (anyone with the
 *   link); 404 "Room not found";
 * A caller who is not signed in gets rooms without usernames: `memberCount`, no `members`, no
 * `ownerName` (`docs/rooms.md`, Who sees names).
 * - `POST /api/rooms/:slug/end` → 200 the ended room (its owner only, 403 otherwise); its
 *   members get `room_closed` on their live connections.
 * - `GET /api/me/room` → 200 `{ room: { slug, name } | null }`: the open room the account is in
 *   (signed-in users); every device of the account follows it (`docs/rooms.md`, Staying in a room);
 * - `DELETE /api/me/room` → 200 `{ room: null }`: leaves it on every device (they are told,
 *   `room_membership_changed`).
 * Taking part (presence, status) happens on the live connection (`room_join`); a join from a
 * room's page makes that room the account's.
 */
import { roomCreateSchema, roomMembershipSchema, roomSchema, roomSlugParamsSchema, type Room } from "@focus/core/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endOwnRoom, leaveRoomOnEveryDevice, openRoom, publicRooms, roomBySlug, roomMembershipOf, roomNotFound, type RoomWithOwner } from "../../domain/rooms";
import { roomView } from "../../live/roomView";
import { ROOM_CLOSED_BY_OWNER } from "../../live/rooms";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

/** Rooms one account may open in an hour. */
export const ROOM_CREATE_RATE_LIMIT = {
  max: 10,
  timeWindow: "1 hour",
  keyGenerator: (request: FastifyRequest) => `rooms:${request.currentUser?.id ?? request.ip}`,
};

/** Most rooms `GET /api/rooms` lists. */
const LIST_LIMIT = 50;

/** `GET /api/rooms`'s answer, made once: its serializer is compiled once per schema object. */
const roomListSchema = roomSchema.array();

const roomRoutes: FastifyPluginAsyncZod = async (fastify) => {
  /** The rooms as `viewerId` sees them (owner or not; null: not signed in, so no usernames). */
  async function toRooms(rows: readonly RoomWithOwner[], viewerId: number | null): Promise<Room[]> {
    const present = await fastify.rooms.presentIn(rows.filter((row) => row.ended_at === null).map((row) => row.id));
    const now = Date.now();
    return rows.map((row) => ({ ...roomView(row, present.get(row.id) ?? [], now, viewerId !== null), isOwner: viewerId === row.owner_id }));
  }

  async function toRoom(row: RoomWithOwner, viewerId: number | null): Promise<Room> {
    const [room] = await toRooms([row], viewerId);
    if (!room) throw roomNotFound();
    return room;
  }

  fastify.get("/rooms", { schema: { response: { 200: roomListSchema } } }, async (request, reply) => {
    await fastify.identify(request, reply);
    const rows = await publicRooms(fastify.db, LIST_LIMIT, fastify.rooms.freshAfter());
    return toRooms(rows, request.currentUser?.id ?? null);
  });

  fastify.post(
    "/rooms",
    {
      onRequest: fastify.authenticate,
      config: { rateLimit: ROOM_CREATE_RATE_LIMIT },
      schema: { body: roomCreateSchema, response: { 201: roomSchema } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const row = await openRoom(fastify.db, user.id, request.body, new Date());
      request.log.info({ userId: user.id, roomId: row.id }, "room opened");
      return reply.code(201).send(await toRoom(row, user.id));
    },
  );

  fastify.get("/rooms/:slug", { schema: { params: roomSlugParamsSchema, response: { 200: roomSchema } } }, async (request, reply) => {
    await fastify.identify(request, reply);
    const row = await roomBySlug(fastify.db, request.params.slug);
    return await toRoom(row, request.currentUser?.id ?? null);
  });

  fastify.post(
    "/rooms/:slug/end",
    { onRequest: fastify.authenticate, schema: { params: roomSlugParamsSchema, response: { 200: roomSchema } } },
    async (request) => {
      const user = userOf(request);
      const { room, ended } = await endOwnRoom(fastify.db, user.id, request.params.slug, new Date());
      if (ended) {
        fastify.rooms.closed(room.id, ROOM_CLOSED_BY_OWNER);
        request.log.info({ userId: user.id, roomId: room.id }, "room ended");
      }
      return await toRoom(room, user.id);
    },
  );

  fastify.get("/me/room", { onRequest: fastify.authenticate, schema: { response: { 200: roomMembershipSchema } } }, async (request) =>
    roomMembershipOf(fastify.db, userOf(request).id),
  );

  fastify.delete("/me/room", { onRequest: fastify.authenticate, schema: { response: { 200: roomMembershipSchema } } }, async (request) => {
    const user = userOf(request);
    if (await leaveRoomOnEveryDevice(fastify.db, user.id)) {
      fastify.liveHub.notifyUser(user.id, { type: "room_membership_changed" });
      request.log.info({ userId: user.id }, "left room on every device");
    }
    return { room: null };
  });
};

export default routePlugin(roomRoutes, "roomRoutes");
