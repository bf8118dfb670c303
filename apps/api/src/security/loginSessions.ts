/**
 * Login sessions (`docs/api.md`, Sessions): a random id in a signed cookie, a row in
 * `http_sessions` keyed by the id's SHA-256, read together with its user.
 *
 * A session exists only once someone signs in: anonymous visitors get no id, no row and no
 * cookie. A request's session is read only when a route asks who is calling (the auth hooks),
 * at most once per request, so static files, audio and public routes never touch the table.
 *
 * A session read with its user is then kept in memory for `cacheMs` (2 s by default), so a
 * burst of requests (a page load, the timer's saves) costs one query. The cache forgets a user
 * as soon as a row of theirs in `users` or `http_sessions` is updated or deleted: at once for
 * writes through this instance, and on PostgreSQL for writes anywhere when the NOTIFY of the
 * commit arrives (`db/authWrites.ts`). A logout, a password change, a deleted account or a
 * plan change therefore holds from the next request on; `cacheMs` bounds what a lost
 * notification could leave behind.
 *
 * Cookie: `focus.sid=<id>.<HMAC-SHA256 of the id, base64 without padding>` (as @fastify/cookie
 * signs), HttpOnly, SameSite=Lax, path /, expiring with the row (30 days, pushed forward at most
 * once a day by `renew`), Secure when the app's public origin is https.
 */
import { randomBytes } from "node:crypto";
import { DAY_MS } from "@focus/core/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import {
  deleteExpiredHttpSessions,
  deleteHttpSession,
  findHttpSessionWithUser,
  hashSessionId,
  upsertHttpSession,
} from "../repositories/httpSessions";
import type { MemoizedSigner } from "./sessionSigner";

/** Name of the session cookie. */
export const SESSION_COOKIE = "focus.sid";
/** Session lifetime, ms (30 days). */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** The expiry is pushed forward when it was last pushed longer ago than this, ms (a day). */
const SESSION_RENEW_AFTER_MS = DAY_MS;
/** Random bytes of a session id (base64url: 32 characters). */
const SESSION_ID_BYTES = 24;
/** How long a session read with its user is kept, ms, unless the options say otherwise. */
export const SESSION_CACHE_MS = 2000;
/** Most sessions kept in memory (the oldest go first). */
const SESSION_CACHE_SIZE = 10_000;

/** A signed-in session, as read for one request. */
export interface LoginSession {
  /** The id the cookie carries; never stored. */
  id: string;
  /** SHA-256 of the id (`hashSessionId`): the row's key, and the live hub's name for the session. */
  key: string;
  userId: number;
  /** When the session expires, epoch ms. */
  expiresAt: number;
  /** The user, read with the session; null when the account is gone. */
  user: UserRow | null;
}

export interface LoginSessionOptions {
  signer: MemoizedSigner;
  /** Secure cookies (the app's public origin is https); they are only set over https. */
  secure: boolean;
  /** How long a session read with its user is kept, ms (SESSION_CACHE_MS by default; 0: not at all). */
  cacheMs?: number;
}

export class LoginSessions {
  /** Each request's session, read at most once (a promise, so concurrent hooks share it). */
  private readonly loaded = new WeakMap<FastifyRequest, Promise<LoginSession | null>>();
  /** Sessions read with their user, by session id, until `until` (epoch ms); oldest first. */
  private readonly cache = new Map<string, { session: LoginSession; until: number }>();
  /** Bumped whenever the cache forgets: a read that began before keeps its answer out of it. */
  private generation = 0;
  private readonly cacheMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: LoginSessionOptions,
  ) {
    this.cacheMs = options.cacheMs ?? SESSION_CACHE_MS;
  }

  /** The session id of the request's cookie when its signature holds, else null. No query. */
  cookieSessionId(request: FastifyRequest): string | null {
    const signed = request.cookies[SESSION_COOKIE];
    if (!signed) return null;
    const { valid, value } = this.options.signer.unsign(signed);
    return valid && value ? value : null;
  }

  /**
   * The request's session: its cookie verified and its row present and unexpired, with the user
   * (one query, the first time a request asks); null for anyone else.
   */
  load(request: FastifyRequest): Promise<LoginSession | null> {
    let session = this.loaded.get(request);
    if (!session) {
      session = this.read(request);
      this.loaded.set(request, session);
    }
    return session;
  }

  /** Forgets every cached session of these users (their rows in `users` or `http_sessions` changed); one pass. */
  forgetUsers(userIds: ReadonlySet<number>): void {
    this.generation += 1;
    for (const [id, entry] of this.cache) if (userIds.has(entry.session.userId)) this.cache.delete(id);
  }

  /** Forgets every cached session. */
  forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  private async read(request: FastifyRequest): Promise<LoginSession | null> {
    const id = this.cookieSessionId(request);
    if (id === null) return null;
    const now = Date.now();
    const cached = this.cache.get(id);
    if (cached && cached.until > now) return cached.session;
    const generation = this.generation;
    const found = await findHttpSessionWithUser(this.db, id, new Date(now));
    if (!found || found.userId === null) return null;
    const session: LoginSession = { id, key: hashSessionId(id), userId: found.userId, expiresAt: Date.parse(found.expiresAt), user: found.user };
    if (session.user && this.cacheMs > 0 && generation === this.generation) this.remember(session, now);
    return session;
  }

  private remember(session: LoginSession, now: number): void {
    this.cache.delete(session.id);
    this.cache.set(session.id, { session, until: Math.min(now + this.cacheMs, session.expiresAt) });
    if (this.cache.size > SESSION_CACHE_SIZE) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

  /**
   * Signs the user in on a new session id: stores the row and sets the cookie. Over plain http
   * with Secure cookies configured, neither happens (a browser would drop the cookie).
   * Call `destroy` first for the session the request came with (a new id on every sign-in).
   */
  async start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    if (this.options.secure && request.protocol !== "https") return;
    const id = randomBytes(SESSION_ID_BYTES).toString("base64url");
    const session: LoginSession = { id, key: hashSessionId(id), userId, expiresAt: 0, user: null };
    await this.save(reply, session);
    this.loaded.set(request, Promise.resolve(session));
  }

  /**
   * Pushes the session's expiry forward (30 days from now, row and cookie) when it was last
   * pushed more than a day ago; otherwise does nothing.
   */
  async renew(reply: FastifyReply, session: LoginSession): Promise<void> {
    if (session.expiresAt - Date.now() >= SESSION_MAX_AGE_MS - SESSION_RENEW_AFTER_MS) return;
    await this.save(reply, session);
  }

  /**
   * Ends the session the request's cookie names (deletes its row, if any; the cookie is left to
   * the caller). Returns the ended session's key (`hashSessionId`), or null without a valid cookie.
   */
  async destroy(request: FastifyRequest): Promise<string | null> {
    const id = this.cookieSessionId(request);
    this.loaded.set(request, Promise.resolve(null));
    if (id === null) return null;
    this.cache.delete(id);
    await deleteHttpSession(this.db, id);
    return hashSessionId(id);
  }

  /** Tells the browser to drop its session cookie. */
  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
  }

  /** Deletes every expired session; returns how many. */
  prune(now = new Date()): Promise<number> {
    return deleteExpiredHttpSessions(this.db, now);
  }

  /** Stores the session expiring 30 days from now, and sets its cookie. */
  private async save(reply: FastifyReply, session: LoginSession): Promise<void> {
    const expires = new Date(Date.now() + SESSION_MAX_AGE_MS);
    session.expiresAt = expires.getTime();
    // `data` keeps the JSON shape older versions wrote; nothing reads it.
    await upsertHttpSession(this.db, session.id, JSON.stringify({ userId: session.userId }), expires, session.userId);
    reply.setCookie(SESSION_COOKIE, this.options.signer.sign(session.id), {
      httpOnly: true,
      sameSite: "lax",
      secure: this.options.secure,
      path: "/",
      expires,
    });
  }
}
