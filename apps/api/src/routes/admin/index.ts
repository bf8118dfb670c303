/**
 * Admin routes (`docs/api.md`), answered 401 to anonymous callers and 403 to every other user:
 * `GET /api/admin/users` → 200 all users, newest first, each with their last self-service
 * cancellation (reason and feedback) (adminUsersResponseSchema);
 * `DELETE /api/admin/users/:userId` → 200 `{ message: "User deleted successfully" }` after
 * deleting the user and all their data (they are logged out everywhere, their device tokens
 * stop working and their live connections are closed); 404 unknown user;
 * 409 when the admin names their own account;
 * `POST /api/admin/users/:userId/offer/applied` (no body) → 200 `{ message }` once the team applied
 * the user's accepted retention offer (marking it again keeps the first date), and tells the
 * user's open pages (`user_changed`); 404 unknown user; 409 when the user accepted no offer.
 * The room tools (`/api/admin/rooms…`) are in `rooms.ts`, under the same hooks.
 */
import { adminUsersResponseSchema, messageResponseSchema, userIdParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteAccount, usersForAdmin } from "../../domain/accounts";
import { HttpError } from "../../httpError";
import { markOfferApplied } from "../../domain/subscription";
import { userOf } from "../../plugins/auth";
import adminRoomRoutes from "./rooms";
import { routePlugin } from "../../plugins/routePlugin";

const adminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);
  fastify.addHook("onRequest", fastify.requireAdmin);
  await fastify.register(adminRoomRoutes);

  /** Every user, newest first, each with their last cancellation → 200 array of adminUserSchema rows. */
  fastify.get("/admin/users", { schema: { response: { 200: adminUsersResponseSchema } } }, async () => usersForAdmin(fastify.db));

  /** The user and all their data → 200 `{ message }`; 404 unknown; 409 for the admin's own account. */
  fastify.delete(
    "/admin/users/:userId",
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      const admin = userOf(request);
      if (userId === admin.id) throw new HttpError(409, "You cannot delete your own admin account");
      await deleteAccount(fastify.db, userId);
      fastify.liveHub.closeUser(userId);
      request.log.info({ userId, adminId: admin.id }, "user deleted by admin");
      return { message: "User deleted successfully" };
    },
  );

  /** The user's accepted offer marked applied → 200 `{ message }`; 404 unknown; 409 without an offer. */
  fastify.post(
    "/admin/users/:userId/offer/applied",
    { schema: { params: userIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = request.params;
      await markOfferApplied(fastify.db, userId);
      fastify.liveHub.notifyUser(userId, { type: "user_changed" });
      request.log.info({ userId, adminId: userOf(request).id }, "retention offer marked applied by admin");
      return { message: `Offer marked applied for user ID ${userId}` };
    },
  );
};

export default routePlugin(adminRoutes, "adminRoutes");
