/**
 * A @fastify/session store kept in the database (table http_sessions), so logins survive a
 * restart (`docs/api.md`, Sessions). Expired rows are never returned and are deleted by `prune`.
 */
import type { Session } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import {
  deleteExpiredHttpSessions,
  deleteHttpSession,
  findHttpSession,
  upsertHttpSession,
} from "../repositories/httpSessions";

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/** Fallback lifetime when a session carries no expiry, ms. */
const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/** The store handed to @fastify/session (express-session store interface, callbacks). */
export class DatabaseSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the session until its cookie expires, tagged with its user (if logged in). */
  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : null;
    const expiresAt = expires && !Number.isNaN(expires.getTime()) ? expires : new Date(Date.now() + DEFAULT_TTL_MS);
    const userId = typeof session.userId === "number" ? session.userId : null;
    upsertHttpSession(this.db, sid, JSON.stringify(session), expiresAt, userId).then(() => callback(), callback);
  }

  /** Loads the session, or null when absent, expired or unreadable. */
  get(sid: string, callback: SessionCallback): void {
    findHttpSession(this.db, sid, new Date()).then((data) => {
      if (data === undefined) return callback(null, null);
      try {
        callback(null, JSON.parse(data) as Session);
      } catch {
        callback(null, null);
      }
    }, callback);
  }

  /** Deletes the session. */
  destroy(sid: string, callback: Callback): void {
    deleteHttpSession(this.db, sid).then(() => callback(), callback);
  }

  /** Deletes every expired session; returns how many. */
  prune(now = new Date()): Promise<number> {
    return deleteExpiredHttpSessions(this.db, now);
  }
}
