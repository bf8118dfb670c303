/**
 * Web Push at a session's end (`docs/product.md`, Notifications on a locked phone):
 * `fastify.push` holds the VAPID public key the browsers subscribe with, which endpoints are
 * accepted (`push/endpoints.ts`), the sender (`push/sender.ts`) and the end-of-session pushes
 * (`push/sessionEndPushes.ts`), which start once the app is ready (a sweep of the stored timers:
 * the restart) and stop before it closes.
 */
import fp from "fastify-plugin";
import type { Config } from "../env";
import { acceptsPushEndpoint } from "./endpoints";
import { PushSender } from "./sender";
import { SessionEndPushes } from "./sessionEndPushes";
import { resolveVapidIdentity } from "./vapid";

declare module "fastify" {
  interface FastifyInstance {
    push: {
      /** The VAPID public key, base64url (`pushManager.subscribe`'s `applicationServerKey`). */
      publicKey: string;
      /** Whether a subscription's endpoint may be stored (`push/endpoints.ts`). */
      acceptsEndpoint: (endpoint: string) => boolean;
      sender: PushSender;
      sessionEnds: SessionEndPushes;
    };
  }
}

export interface PushPluginOptions {
  config: Pick<Config, "push" | "supportEmail">;
}

export default fp<PushPluginOptions>(
  async (fastify, { config }) => {
    const log = fastify.log.child({ module: "push" });
    const vapid = await resolveVapidIdentity(fastify.db, config);
    const sender = new PushSender(fastify.db, vapid, log);
    // Any https address (local development, tests): a local push service is on a private address.
    if (config.push.anyEndpoint) sender.agent = undefined;
    const sessionEnds = new SessionEndPushes({ db: fastify.db, timers: fastify.accountTimers, sender, log });
    fastify.decorate("push", {
      publicKey: vapid.publicKey,
      acceptsEndpoint: (endpoint: string) => acceptsPushEndpoint(endpoint, config.push.anyEndpoint),
      sender,
      sessionEnds,
    });
    fastify.addHook("onReady", async () => sessionEnds.start());
    fastify.addHook("preClose", async () => sessionEnds.stop());
  },
  { name: "push", dependencies: ["database", "live"] },
);
