import type { Insertable, Selectable } from "kysely";

/** Table `http_sessions`: login sessions (`docs/api.md`, Sessions; `security/loginSessions.ts`). */
export interface HttpSessionsTable {
  /** SHA-256 of the session id (base64url; the cookie carries the id signed), never the id itself. */
  sid: string;
  /** The session's JSON data: `{ userId, renewedAt }` (rows of older versions hold more). */
  data: string;
  /** ISO 8601 UTC; rows past it are ignored and cleaned. */
  expires_at: string;
  /** The signed-in user, so an account's sessions can be ended. */
  user_id: number | null;
}

export type HttpSessionRow = Selectable<HttpSessionsTable>;
export type NewHttpSessionRow = Insertable<HttpSessionsTable>;
