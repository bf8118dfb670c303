import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table `linked_devices`: paired extensions (`docs/product.md`). Only the
 * SHA-256 of a device's token is stored; the token itself is shown once, at creation.
 */
export interface LinkedDevicesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Hex SHA-256 of the device token; unique. */
  token_hash: string;
  /** 0 (paused) or 1. */
  is_active: number;
  /** ISO 8601 UTC of the last authenticated use (updated at most once a minute), or null. */
  last_seen_at: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  /** When the extension last reported over its live connection (its pings count), ISO 8601 UTC, or null. */
  reported_at: Generated<string | null>;
  /** Its last report: 0 or 1, null before the first (`docs/product.md`, A shield that says when it is down). */
  incognito_allowed: Generated<number | null>;
  rules_in_place: Generated<number | null>;
  /** The entries its last report said it could not block, a JSON array of strings; null before a report named any. */
  failed_entries: Generated<string | null>;
}

export type LinkedDeviceRow = Selectable<LinkedDevicesTable>;
export type NewLinkedDeviceRow = Insertable<LinkedDevicesTable>;
export type LinkedDeviceRowUpdate = Updateable<LinkedDevicesTable>;
