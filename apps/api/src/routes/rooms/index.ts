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
 * Taking part (presence, status) happens on the live connection (`room_join`).
 */
import { randomBytes } from "node:crypto";
import { MAX_OPEN_ROOMS_PER_OWNER } from "@focus/core/rooms";
import { roomCreateSchema, roomSchema, roomSlugParamsSchema, type Room } from "@focus/core/schemas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { writeTransaction } from "../../db/groupCommit";
import { HttpError } from "../../httpError";
import { roomView } from "../../live/roomView";
import { ROOM_CLOSED_BY_OWNER } from "../../live/rooms";
import { userOf } from "../../plugins/auth";
import { countOpenRoomsOfOwner, endRoom, findRoomBySlug, insertRoom, listOpenPublicRooms, type RoomWithOwner } from "../../repositories/rooms";
import { lockUserRow } from "../../repositories/users";

/** Rooms one account may open in an hour. */
export const ROOM_CREATE_RATE_LIMIT = {
  max: 10,
  timeWindow: "1 hour",
  keyGenerator: (request: FastifyRequest) => `rooms:${request.currentUser?.id ?? request.ip}`,
};

/** Most rooms `GET /api/rooms` lists. */
const LIST_LIMIT = 50;

const roomNotFound = () => new HttpError(404, "Room not found");

/** A new room's slug: 10 URL-safe random characters (60 bits). */
function newSlug(): string {
  return randomBytes(8).toString("base64url").slice(0, 10);
}

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

  fastify.get("/rooms", { schema: { response: { 200: roomSchema.array() } } }, async (request, reply) => {
    await fastify.identify(request, reply);
    const rows = await listOpenPublicRooms(fastify.db, LIST_LIMIT, fastify.rooms.freshAfter());
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
      const now = new Date().toISOString();
      const row = await writeTransaction(fastify.db, async (trx) => {
        await lockUserRow(trx, user.id);
        if ((await countOpenRoomsOfOwner(trx, user.id)) >= MAX_OPEN_ROOMS_PER_OWNER) {
          throw new HttpError(409, `You already have ${MAX_OPEN_ROOMS_PER_OWNER} open rooms. End one to open another.`);
        }
        return insertRoom(trx, {
          slug: newSlug(),
          name: request.body.name,
          visibility: request.body.visibility,
          owner_id: user.id,
          focus_minutes: request.body.focusMinutes,
          break_minutes: request.body.breakMinutes,
          started_at: now,
          ended_at: null,
          created_at: now,
          occupied_at: null,
          hidden_at: null,
        });
      });
      request.log.info({ userId: user.id, roomId: row.id }, "room opened");
      return reply.code(201).send(await toRoom(row, user.id));
    },
  );

  fastify.get("/rooms/:slug", { schema: { params: roomSlugParamsSchema, response: { 200: roomSchema } } }, async (request, reply) => {
    await fastify.identify(request, reply);
    const row = await findRoomBySlug(fastify.db, request.params.slug);
    if (!row) throw roomNotFound();
    return await toRoom(row, request.currentUser?.id ?? null);
  });

  fastify.post(
    "/rooms/:slug/end",
    { onRequest: fastify.authenticate, schema: { params: roomSlugParamsSchema, response: { 200: roomSchema } } },
    async (request) => {
      const user = userOf(request);
      const row = await findRoomBySlug(fastify.db, request.params.slug);
      if (!row) throw roomNotFound();
      if (row.owner_id !== user.id) throw new HttpError(403, "Only the room's owner can end it.");
      const endedAt = new Date();
      if (await endRoom(fastify.db, row.id, endedAt)) {
        fastify.rooms.closed(row.id, ROOM_CLOSED_BY_OWNER);
        request.log.info({ userId: user.id, roomId: row.id }, "room ended");
      }
      const ended = await findRoomBySlug(fastify.db, request.params.slug);
      return await toRoom(ended ?? { ...row, ended_at: endedAt.toISOString() }, user.id);
    },
  );
};

export default roomRoutes;
