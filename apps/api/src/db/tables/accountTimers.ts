import type { Insertable, Selectable } from "kysely";

/** Table `account_timers`: each account's timer as the server orders it (`docs/product.md`, One timer per account). */
export interface AccountTimersTable {
  user_id: number;
  /** Core's `AccountTimer`, as JSON. */
  timer: string;
  /** When the timer next changes by itself, epoch ms; null when it waits for a command. PostgreSQL returns bigint as text. */
  settle_at: number | string | null;
  /** The IANA time zone the account's devices last sent, or null. */
  time_zone: string | null;
}

export type AccountTimerRow = Selectable<AccountTimersTable>;
export type NewAccountTimerRow = Insertable<AccountTimersTable>;

/** Table `account_timer_versions`: recent versions of each account's timer (a stale batch runs on the one its device saw). */
export interface AccountTimerVersionsTable {
  user_id: number;
  version: number;
  /** Core's `AccountTimer`, as JSON. */
  timer: string;
  /** When it was saved, epoch ms. PostgreSQL returns bigint as text. */
  saved_at: number | string;
}
