/**
 * Login sessions (`docs/api.md`, Sessions): @fastify/cookie + @fastify/session with the store in
 * the database. Cookie HttpOnly, SameSite=Lax, path /, 30 days, Secure when PUBLIC_ORIGIN is
 * https. Expired rows are pruned at start and hourly.
 * The signing secret: SESSION_SECRET, else a generated one kept in a file next to the SQLite
 * database, or with PostgreSQL in the database itself (table app_secrets), so every instance
 * behind one origin accepts the others' cookies.
 */
import fastifyCookie from "@fastify/cookie";
import fastifySession from "@fastify/session";
import { randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import type { Config } from "../env";
import { getOrCreateAppSecret } from "../repositories/appSecrets";
import { DatabaseSessionStore } from "../security/sessionStore";
import { resolveSessionSecret } from "../security/sessionSecret";
import { MemoizedSigner } from "../security/sessionSigner";

declare module "fastify" {
  interface FastifyInstance {
    /** The login-session store (also hands the auth plugin the user read with each session). */
    loginSessions: DatabaseSessionStore;
  }
  interface Session {
    /** The logged-in user's id; absent for anonymous sessions. */
    userId?: number;
    /** When the session's expiry was last pushed forward, epoch ms. */
    renewedAt?: number;
  }
}

/** Name of the session cookie. */
export const SESSION_COOKIE = "focus.sid";
/** Session lifetime, ms (30 days). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Random bytes of a generated secret (base64url: 64 characters). */
const GENERATED_SECRET_BYTES = 48;

export interface SessionPluginOptions {
  config: Pick<Config, "sessionSecret" | "sessionSecretFile" | "publicOrigin" | "database">;
}

export default fp<SessionPluginOptions>(
  async (fastify, { config }) => {
    const secret =
      config.database.dialect === "postgres" && !config.sessionSecret
        ? await getOrCreateAppSecret(fastify.db, "session", () => randomBytes(GENERATED_SECRET_BYTES).toString("base64url"))
        : resolveSessionSecret(config.sessionSecret, config.sessionSecretFile);
    const secure = config.publicOrigin?.startsWith("https:") ?? false;
    const store = new DatabaseSessionStore(fastify.db);
    fastify.decorate("loginSessions", store);

    await fastify.register(fastifyCookie);
    await fastify.register(fastifySession, {
      // HMAC-SHA256 as @fastify/session would sign, remembering verified cookies.
      secret: new MemoizedSigner(secret),
      cookieName: SESSION_COOKIE,
      store,
      // No row for anonymous visitors; a row only once someone logs in.
      saveUninitialized: false,
      // Expiry is pushed forward by the auth plugin at most daily, not on every request.
      rolling: false,
      cookie: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: SESSION_MAX_AGE_MS },
    });

    const prune = () =>
      store.prune().then(
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
