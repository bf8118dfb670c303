/** `GET /api/health` → 200 `{ status: "ok" }` (liveness; no auth, no database). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { routePlugin } from "../../plugins/routePlugin";

const healthResponseSchema = z.object({ status: z.literal("ok") });

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/health", { schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: "ok" as const,
  }));
};

export default routePlugin(healthRoutes, "healthRoutes");
