/**
 * The admin's room tools (`docs/rooms.md`, Moderation; routes in `docs/api.md`), under the admin
 * routes' hooks (401 to anonymous callers, 403 to every other user):
 * - `GET /api/admin/rooms` → 200 every open room (public, by link, hidden), newest first, each
 *   with its owner and how many people are in it now (adminRoomSchema);
 * - `PUT /api/admin/rooms/:slug/hidden` `{ hidden }` → 200 the room: hidden, it leaves the public
 *   list (still reached by its link); 404 "Room not found" for an unknown or ended room;
 * - `POST /api/admin/rooms/:slug/end` (no body) → 200 `{ message }`: the room ends, its members
 *   and watchers on every instance get `room_closed`; 404 "Room not found" for an unknown or
 *   already ended room.
 */
import { type AdminRoom, adminRoomSchema, adminRoomUpdateSchema, messageResponseSchema, roomSlugParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../httpError";
import { ROOM_CLOSED_BY_ADMIN } from "../../live/rooms";
import { userOf } from "../../plugins/auth";
import { endRoom, findRoomBySlug, listOpenRooms, type RoomWithCount, type RoomWithOwner, setRoomHidden } from "../../repositories/rooms";

const roomNotFound = () => new HttpError(404, "Room not found");

/** The room as the admin's list shows it. */
function toAdminRoom(row: RoomWithCount): AdminRoom {
  return {
    slug: row.slug,
    name: row.name,
    visibility: row.visibility,
    ownerName: row.owner_name,
    memberCount: row.member_count,
    startedAt: Date.parse(row.started_at),
    occupiedAt: row.occupied_at === null ? null : Date.parse(row.occupied_at),
    hidden: row.hidden_at !== null,
  };
}

const adminRoomRoutes: FastifyPluginAsyncZod = async (fastify) => {
  /** The open room `slug`. @throws HttpError 404 when unknown or ended. */
  async function openRoom(slug: string): Promise<RoomWithOwner> {
    const row = await findRoomBySlug(fastify.db, slug);
    if (!row || row.ended_at !== null) throw roomNotFound();
    return row;
  }

  fastify.get("/admin/rooms", { schema: { response: { 200: adminRoomSchema.array() } } }, async () => {
    const rows = await listOpenRooms(fastify.db, fastify.rooms.freshAfter());
    return rows.map(toAdminRoom);
  });

  fastify.put(
    "/admin/rooms/:slug/hidden",
    { schema: { params: roomSlugParamsSchema, body: adminRoomUpdateSchema, response: { 200: adminRoomSchema } } },
    async (request) => {
      const row = await openRoom(request.params.slug);
      await setRoomHidden(fastify.db, row.id, request.body.hidden ? new Date() : null);
      request.log.info({ roomId: row.id, adminId: userOf(request).id, hidden: request.body.hidden }, "room visibility changed by admin");
      const updated = (await listOpenRooms(fastify.db, fastify.rooms.freshAfter())).find((room) => room.id === row.id);
      if (!updated) throw roomNotFound();
      return toAdminRoom(updated);
    },
  );

  fastify.post(
    "/admin/rooms/:slug/end",
    { schema: { params: roomSlugParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const row = await openRoom(request.params.slug);
      if (!(await endRoom(fastify.db, row.id, new Date()))) throw roomNotFound();
      fastify.rooms.closed(row.id, ROOM_CLOSED_BY_ADMIN);
      request.log.info({ roomId: row.id, adminId: userOf(request).id }, "room ended by admin");
      return { message: `Room "${row.name}" ended` };
    },
  );
};

export default adminRoomRoutes;
