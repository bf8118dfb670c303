/**
 * The Focus API as a Fastify app (`docs/architecture.md`; layout after fastify/demo): `focusApp` is
 * the whole application as a plugin, `buildApp(config)` wraps it in a configured Fastify instance.
 * Nothing listens here; see server.ts.
 */
import type { Server } from "node:http";
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import audioPlugin from "./audio/plugin";
import type { Config } from "./env";
import { loggerOptions } from "./logger";
import { serializerCompiler } from "./responseSerializer";
import apiDocsPlugin from "./plugins/apiDocs";
import authPlugin from "./plugins/auth";
import heavyReadsPlugin from "./plugins/heavyReads";
import compressionPlugin from "./plugins/compression";
import databasePlugin from "./plugins/database";
import drainPlugin from "./plugins/drain";
import errorHandlerPlugin from "./plugins/errorHandler";
import extensionZipPlugin from "./plugins/extensionZip";
import livePlugin from "./plugins/live";
import mailPlugin from "./mail/plugin";
import originCheckPlugin from "./plugins/originCheck";
import rateLimitsPlugin from "./plugins/rateLimits";
import securityPlugin from "./plugins/security";
import sessionPlugin from "./plugins/session";
import noNulTextPlugin from "./plugins/noNulText";
import { routePlugin } from "./plugins/routePlugin";
import timeZonePlugin from "./plugins/timeZone";
import underPressurePlugin from "./plugins/underPressure";
import webAppPlugin from "./plugins/webApp";
import adminRoutes from "./routes/admin";
import audioRoutes from "./routes/audio";
import soundRoutes from "./routes/audio/sounds";
import authRoutes from "./routes/auth";
import blockedAttemptRoutes from "./routes/blockedAttempts";
import blockedSiteRoutes from "./routes/blockedSites";
import shieldRoutes from "./routes/shield";
import configRoutes from "./routes/config";
import dataRoutes from "./routes/data";
import roomRoutes from "./routes/rooms";
import healthRoutes from "./routes/health";
import linkedDeviceRoutes from "./routes/linkedDevices";
import passwordResetRoutes from "./routes/passwordReset";
import pushPlugin from "./push/plugin";
import pushRoutes from "./routes/push";
import liveRoutes from "./routes/live";
import roomWatchRoutes from "./routes/roomWatch";
import sessionRoutes from "./routes/sessions";
import taskRoutes from "./routes/tasks";
import timerRoutes from "./routes/timer";
import settingsRoutes from "./routes/settings";
import subscriptionRoutes from "./routes/subscription";
import userRoutes from "./routes/user";
import { configurePasswordHashing } from "./security/password";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

/** How long a graceful close waits for requests in flight, ms (server.ts gives up after 10 s). */
export const DRAIN_TIMEOUT_MS = 7000;

/** Largest accepted request body, bytes. */
export const BODY_LIMIT = 64 * 1024;

/** The application: shared plugins, then the API under /api, then the web app. */
export const focusApp = fp<{ config: Config }>(
  async (fastify, { config }) => {
    fastify.decorate("config", config);
    // The cost of new password hashes (process-wide; the OWASP N unless SCRYPT_N lowers it for tests).
    configurePasswordHashing({ N: config.scryptN });
    // JSON only: a text/plain POST (the form-like "simple request") is refused with 400.
    fastify.removeContentTypeParser("text/plain");
    await fastify.register(errorHandlerPlugin);
    await fastify.register(drainPlugin, { maxWaitMs: DRAIN_TIMEOUT_MS });
    await fastify.register(securityPlugin, { config });
    // Before the session and database hooks: an overloaded server refuses before doing work.
    await fastify.register(underPressurePlugin, { maxEventLoopDelayMs: config.overloadMaxEventLoopDelayMs });
    await fastify.register(originCheckPlugin, { publicOrigin: config.publicOrigin });
    await fastify.register(compressionPlugin);
    await fastify.register(databasePlugin, { config });
    await fastify.register(rateLimitsPlugin);
    await fastify.register(sessionPlugin, { config });
    await fastify.register(authPlugin, { config });
    await fastify.register(heavyReadsPlugin);
    await fastify.register(timeZonePlugin);
    await fastify.register(noNulTextPlugin);
    await fastify.register(livePlugin);
    await fastify.register(mailPlugin, { config });
    await fastify.register(pushPlugin, { config });
    // Before every route: the OpenAPI document is collected from the routes as they register.
    if (config.apiDocs) await fastify.register(apiDocsPlugin);
    if (config.publicOrigin?.startsWith("https:") && config.trustProxy === false) {
      fastify.log.warn(
        "PUBLIC_ORIGIN is https but TRUST_PROXY is off: Secure session cookies are only set on requests that reach the server over https",
      );
    }

    await fastify.register(
      routePlugin(async (api) => {
        // API answers hold personal data: the security plugin's API headers include
        // `Cache-Control: no-store` (a route that may be cached, such as the audio stream, sets its own).
        await api.register(healthRoutes);
        await api.register(configRoutes, { config });
        await api.register(authRoutes, { config });
        await api.register(passwordResetRoutes, { config });
        await api.register(settingsRoutes);
        await api.register(sessionRoutes);
        await api.register(timerRoutes);
        await api.register(taskRoutes);
        await api.register(userRoutes, { config });
        await api.register(subscriptionRoutes, { config });
        await api.register(adminRoutes);
        await api.register(blockedSiteRoutes);
        await api.register(shieldRoutes);
        await api.register(linkedDeviceRoutes);
        await api.register(blockedAttemptRoutes);
        await api.register(dataRoutes);
        await api.register(roomRoutes);
        await api.register(pushRoutes);
      }, "apiRoutes"),
      { prefix: "/api" },
    );
    await fastify.register(liveRoutes, { config });
    await fastify.register(roomWatchRoutes, { config });

    await fastify.register(audioPlugin, { config });
    await fastify.register(audioRoutes, { prefix: "/api/audio", audio: config.audio, pendingTracks: fastify.audioLibrary.pendingTracks });
    await fastify.register(soundRoutes, { prefix: "/sounds", audio: config.audio });
    await fastify.register(extensionZipPlugin, { extensionZip: config.extensionZip, publicOrigin: config.publicOrigin, port: config.port });
    await fastify.register(webAppPlugin, { webDist: config.webDist, trialDays: config.trialDays });
  },
  { name: "focus-app" },
);

/** Fastify server options derived from the config (logger, limits, proxy trust). */
function serverOptions(config: Config): FastifyHttpOptions<Server> {
  return {
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    // On close (SIGTERM): new requests get 503 while the ones in flight finish (drain.ts), idle
    // keep-alive connections are closed, busy ones are left to finish their request.
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // A request must arrive whole within requestTimeout, its headers within headersTimeout (at
    // most 10 s); Node answers 408 otherwise, so drip-fed requests cannot hold connections open.
    // Node takes them only when the server is made, and checks unfinished requests every
    // connectionsCheckingInterval (30 s by default, far too rarely).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(10_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(config.requestTimeoutMs / 4))),
    },
    // A hop count becomes the function Fastify would build from it (its types omit numbers).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  };
}

/**
 * Builds the app (not yet listening). Startup work (migrations, admin account) runs on
 * `ready()`/`listen()`/`inject()`, which reject if it fails.
 */
export function buildApp(config: Config): FastifyInstance {
  const app = Fastify(serverOptions(config)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.register(focusApp, { config });
  return app;
}
