/**
 * Login sessions (`docs/api.md`, Sessions): `fastify.loginSessions` (`security/loginSessions.ts`)
 * over @fastify/cookie, with the rows in the database and a short in-memory cache that forgets
 * a user whenever their rows change. Expired rows are pruned at start and hourly.
 * The signing secret: SESSION_SECRET, else a generated one kept in a file next to the SQLite
 * database, or with PostgreSQL in the database itself (table app_secrets), so every instance
 * behind one origin accepts the others' cookies.
 * Also `fastify.signInGuard` (`security/signInGuard.ts`): the failed sign-in counters, and the
 * known-device cookie signed with the same secret.
 */
import fastifyCookie from "@fastify/cookie";
import { randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import { AUTH_CHANGE_CHANNEL } from "../db/authWrites";
import { onAuthWrite } from "../db/connection";
import type { Config } from "../env";
import { PgLiveHub } from "../live/pgHub";
import { getOrCreateAppSecret } from "../repositories/appSecrets";
import { LoginSessions } from "../security/loginSessions";
import { resolveSessionSecret } from "../security/sessionSecret";
import { MemoizedSigner } from "../security/sessionSigner";
import { SignInGuard } from "../security/signInGuard";

export { SESSION_COOKIE } from "../security/loginSessions";

declare module "fastify" {
  interface FastifyInstance {
    /** Signs users in and out, and reads a request's session (`security/loginSessions.ts`). */
    loginSessions: LoginSessions;
    /** Failed sign-in counters and the known-device cookie (`security/signInGuard.ts`). */
    signInGuard: SignInGuard;
  }
}

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Random bytes of a generated secret (base64url: 64 characters). */
const GENERATED_SECRET_BYTES = 48;

export interface SessionPluginOptions {
  config: Pick<Config, "sessionSecret" | "sessionSecretFile" | "publicOrigin" | "database" | "sessionCacheMs">;
}

export default fp<SessionPluginOptions>(
  async (fastify, { config }) => {
    const secret =
      config.database.dialect === "postgres" && !config.sessionSecret
        ? await getOrCreateAppSecret(fastify.db, "session", () => randomBytes(GENERATED_SECRET_BYTES).toString("base64url"))
        : resolveSessionSecret(config.sessionSecret, config.sessionSecretFile);
    const secure = config.publicOrigin?.startsWith("https:") ?? false;
    const signer = new MemoizedSigner(secret);
    const sessions = new LoginSessions(fastify.db, { signer, secure, cacheMs: config.sessionCacheMs });
    fastify.decorate("loginSessions", sessions);
    fastify.decorate("signInGuard", new SignInGuard(fastify.db, { signer, secure }));
    await fastify.register(fastifyCookie);

    // The session cache forgets what a write may have changed (`db/authWrites.ts`): this
    // instance's own writes at once; on PostgreSQL every instance's, through the live relay's
    // LISTEN client (and everything after that client reconnects).
    const unsubscribe = onAuthWrite(fastify.db, () => sessions.forgetAll());
    fastify.addHook("onClose", async () => unsubscribe());
    fastify.addHook("onReady", async () => {
      const hub = fastify.hasDecorator("liveHub") ? fastify.liveHub : null;
      if (!(hub instanceof PgLiveHub)) return;
      // A commit that touched many users (the hourly prune) sends one notification each: they
      // are gathered until the event loop's next turn and forgotten in one pass over the cache.
      let pending: Set<number> | null = null;
      await hub.subscribe(AUTH_CHANGE_CHANNEL, (payload) => {
        const userId = payload === null ? Number.NaN : Number(payload);
        if (!Number.isSafeInteger(userId)) {
          sessions.forgetAll();
        } else if (pending) {
          pending.add(userId);
        } else {
          const userIds = new Set([userId]);
          pending = userIds;
          setImmediate(() => {
            pending = null;
            sessions.forgetUsers(userIds);
          });
        }
      });
    });

    const prune = () =>
      sessions.prune().then(
        (count) => count > 0 && fastify.log.info({ count }, "expired sessions removed"),
        (error: unknown) => fastify.log.warn({ err: error }, "could not remove expired sessions"),
      );
    await prune();
    // Fire and forget: prune handles its own failure (logged), and the next run comes anyway.
    const timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
    timer.unref();
    fastify.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "session", dependencies: ["database"] },
);
