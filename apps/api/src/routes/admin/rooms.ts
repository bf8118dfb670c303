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
import { adminRoomSchema, adminRoomUpdateSchema, messageResponseSchema, roomSlugParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endRoomByAdmin, roomsForAdmin, setRoomHiddenByAdmin } from "../../domain/rooms";
import { ROOM_CLOSED_BY_ADMIN } from "../../live/rooms";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

/** `GET /api/admin/rooms`'s answer, made once: its serializer is compiled once per schema object. */
const adminRoomListSchema = adminRoomSchema.array();

const adminRoomRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/admin/rooms", { schema: { response: { 200: adminRoomListSchema } } }, async () => roomsForAdmin(fastify.db, fastify.rooms.freshAfter()));

  fastify.put(
    "/admin/rooms/:slug/hidden",
    { schema: { params: roomSlugParamsSchema, body: adminRoomUpdateSchema, response: { 200: adminRoomSchema } } },
    async (request) => {
      const { id, room } = await setRoomHiddenByAdmin(fastify.db, request.params.slug, request.body.hidden, new Date(), fastify.rooms.freshAfter());
      request.log.info({ roomId: id, adminId: userOf(request).id, hidden: request.body.hidden }, "room visibility changed by admin");
      return room;
    },
  );

  fastify.post(
    "/admin/rooms/:slug/end",
    { schema: { params: roomSlugParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const row = await endRoomByAdmin(fastify.db, request.params.slug, new Date());
      fastify.rooms.closed(row.id, ROOM_CLOSED_BY_ADMIN);
      request.log.info({ roomId: row.id, adminId: userOf(request).id }, "room ended by admin");
      return { message: `Room "${row.name}" ended` };
    },
  );
};

export default routePlugin(adminRoomRoutes, "adminRoomRoutes");
