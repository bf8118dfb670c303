/**
 * Linked devices (`docs/api.md`), for the logged-in user's browser
 * session only (a device token cannot manage devices):
 * - `POST /api/linked-devices` {name} → 201 the device and its token, shown this once.
 * - `GET /api/linked-devices` → 200 `{id, name, isActive, lastSeenAt, createdAt}[]`, never a token.
 * - `PUT /api/linked-devices/:id` {isActive} → 200 the device; pausing closes its live sockets.
 * - `DELETE /api/linked-devices/:id` → 204; the token is revoked and its live sockets closed.
 * Another user's device id answers 404. During a strict focus session a device can be neither
 * unlinked nor paused (409, `docs/product.md`, Strict focus); resuming one stays allowed.
 */
import { linkedDeviceCreatedSchema, linkedDeviceCreateSchema, linkedDeviceListSchema, linkedDeviceSchema, linkedDeviceUpdateSchema, recordIdParamsSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { devicesOf, linkDevice, setDeviceActive, unlinkDevice } from "../../domain/devices";
import { LIVE_CLOSE_CODES } from "../../live/hub";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

const linkedDeviceRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  fastify.get("/linked-devices", { schema: { response: { 200: linkedDeviceListSchema } } }, async (request) => devicesOf(fastify.db, userOf(request).id));

  fastify.post(
    "/linked-devices",
    { schema: { body: linkedDeviceCreateSchema, response: { 201: linkedDeviceCreatedSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const device = await linkDevice(fastify.db, user.id, request.body.name);
      request.log.info({ userId: user.id, deviceId: device.id }, "device linked");
      return reply.code(201).send(device);
    },
  );

  fastify.put(
    "/linked-devices/:id",
    { schema: { params: recordIdParamsSchema, body: linkedDeviceUpdateSchema, response: { 200: linkedDeviceSchema } } },
    async (request) => {
      const device = await setDeviceActive(fastify.db, userOf(request).id, request.params.id, request.body.isActive, Date.now());
      if (!request.body.isActive) fastify.liveHub.closeDevice(device.id, LIVE_CLOSE_CODES.devicePaused, "This device is paused");
      return device;
    },
  );

  fastify.delete("/linked-devices/:id", { schema: { params: recordIdParamsSchema } }, async (request, reply) => {
    const user = userOf(request);
    await unlinkDevice(fastify.db, user.id, request.params.id, Date.now());
    fastify.liveHub.closeDevice(request.params.id, LIVE_CLOSE_CODES.unauthorized, "This device is not linked");
    request.log.info({ userId: user.id, deviceId: request.params.id }, "device unlinked");
    return reply.code(204).send();
  });
};

export default routePlugin(linkedDeviceRoutes, "linkedDeviceRoutes");
