/**
 * A @fastify/session store kept in the database (table http_sessions, keyed by the SHA-256 of
 * the session id), so logins survive a restart (`docs/api.md`, Sessions). Expired rows are
 * never returned and are deleted by `prune`.
 *
 * `get` reads the session and its user in one query and keeps the user row for the request
 * that asked (`takeUser`), so an authenticated request costs one query, not two.
 */
import type { Session } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { UserRow } from "../db/tables/users";
import {
  deleteExpiredHttpSessions,
  deleteHttpSession,
  findHttpSessionWithUser,
  upsertHttpSession,
} from "../repositories/httpSessions";

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/** Fallback lifetime when a session carries no expiry, ms. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
/** Most user rows waiting for `takeUser` (requests that load a session but never authenticate leave theirs). */
const LOADED_USERS_MAX = 1024;

/** The store handed to @fastify/session (express-session store interface, callbacks). */
export class DatabaseSessionStore {
  /** User rows read by `get`, by session id, until `takeUser` takes them; oldest first. */
  private readonly loadedUsers = new Map<string, UserRow | null>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The user row `get` read with session `sid` (null: the session has no user, or the user is
   * gone), and forgets it; undefined when `get` did not read it. Every request loads its own
   * session in onRequest, before any route hook runs, so the row a route hook takes is the one
   * read for its request (or, with concurrent requests on one session, one read just as late).
   */
  takeUser(sid: string): UserRow | null | undefined {
    const user = this.loadedUsers.get(sid);
    this.loadedUsers.delete(sid);
    return user;
  }

  /** Stores the session until its cookie expires, tagged with its user (if logged in). */
  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : null;
    const expiresAt = expires && !Number.isNaN(expires.getTime()) ? expires : new Date(Date.now() + DEFAULT_TTL_MS);
    const userId = typeof session.userId === "number" ? session.userId : null;
    upsertHttpSession(this.db, sid, JSON.stringify(session), expiresAt, userId).then(() => callback(), callback);
  }

  /** Loads the session, or null when absent, expired or unreadable; keeps its user for `takeUser`. */
  get(sid: string, callback: SessionCallback): void {
    this.loadedUsers.delete(sid);
    findHttpSessionWithUser(this.db, sid, new Date()).then((found) => {
      if (found === undefined) return callback(null, null);
      let session: Session;
      try {
        session = JSON.parse(found.data) as Session;
      } catch {
        return callback(null, null);
      }
      this.keepUser(sid, found.user);
      callback(null, session);
    }, callback);
  }

  /** Deletes the session. */
  destroy(sid: string, callback: Callback): void {
    this.loadedUsers.delete(sid);
    deleteHttpSession(this.db, sid).then(() => callback(), callback);
  }

  private keepUser(sid: string, user: UserRow | null): void {
    this.loadedUsers.set(sid, user);
    if (this.loadedUsers.size > LOADED_USERS_MAX) {
      const oldest = this.loadedUsers.keys().next();
      if (!oldest.done) this.loadedUsers.delete(oldest.value);
    }
  }

  /** Deletes every expired session; returns how many. */
  prune(now = new Date()): Promise<number> {
    return deleteExpiredHttpSessions(this.db, now);
  }
}
