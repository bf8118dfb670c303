import type { Insertable, Selectable } from "kysely";

/** Table `http_sessions`: the login session store of @fastify/session (`docs/api.md`). */
export interface HttpSessionsTable {
  /** SHA-256 of the session id (base64url; the cookie carries the id signed), never the id itself. */
  sid: string;
  /** The session object as JSON text. */
  data: string;
  /** ISO 8601 UTC; rows past it are ignored and cleaned. */
  expires_at: string;
  /** The logged-in user (copied from the data), so an account's sessions can be ended. */
  user_id: number | null;
}

export type HttpSessionRow = Selectable<HttpSessionsTable>;
export type NewHttpSessionRow = Insertable<HttpSessionsTable>;
