/**
 * `GET /api/config` → 200 `{ interviewUrl, trialDays, supportEmail, paymentConfigured }`: the
 * server's public configuration, open to everyone (the landing page asks before anyone logs in).
 * `interviewUrl` is INTERVIEW_URL (the booking page of the interview promotion) or null;
 * `trialDays` TRIAL_DAYS, the trial a registration gives, which every screen naming the trial's
 * length shows; `supportEmail` SUPPORT_EMAIL; `paymentConfigured` whether PAYMENT_URL is set.
 */
import { publicConfigSchema } from "@focus/core/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../env";
import { routePlugin } from "../../plugins/routePlugin";

export interface ConfigRoutesOptions {
  config: Pick<Config, "interviewUrl" | "trialDays" | "supportEmail" | "paymentUrl">;
}

const configRoutes: FastifyPluginAsyncZod<ConfigRoutesOptions> = async (fastify, { config }) => {
  fastify.get("/config", { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    interviewUrl: config.interviewUrl,
    trialDays: config.trialDays,
    supportEmail: config.supportEmail,
    paymentConfigured: config.paymentUrl !== null,
  }));
};

export default routePlugin(configRoutes, "configRoutes");
