/**
 * `GET /api/config` → 200 `{ interviewUrl }`: the server's public configuration, open to
 * everyone (the landing page asks before anyone logs in). `interviewUrl` is INTERVIEW_URL, the
 * booking page of the interview promotion, or null when not set.
 */
import { publicConfigSchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../env";

export interface ConfigRoutesOptions {
  config: Pick<Config, "interviewUrl">;
}

const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (fastify, { config }) => {
  fastify.get("/config", { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    interviewUrl: config.interviewUrl,
  }));
};

export default configRoutes;
