/**
 * Live connections repository (table `live_connections`, PostgreSQL): one row per open
 * `/ws/timer` socket of every instance, so the per-user socket cap holds across instances
 * (`live/pgHub.ts`; `docs/api.md`, Live sync). Times are epoch ms.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/** One socket: the instance holding it and its number there. */
export interface LiveConnectionKey {
  instanceId: string;
  connectionId: number;
}

/** What the live hub stores through (`live/pgHub.ts`), bound to one database. */
export interface LiveConnectionStore {
  add(key: LiveConnectionKey, userId: number, openedAt: number): Promise<void>;
  /** The user's sockets past the newest `cap`, oldest last (they are the ones to close). */
  overCap(userId: number, cap: number): Promise<LiveConnectionKey[]>;
  remove(keys: readonly LiveConnectionKey[]): Promise<void>;
  /** Every socket of an instance (its shutdown). */
  removeInstance(instanceId: string): Promise<void>;
}

/** The store of `db`. */
export function liveConnectionStore(db: Kysely<Database>): LiveConnectionStore {
  return {
    async add({ instanceId, connectionId }, userId, openedAt) {
      await db
        .insertInto("live_connections")
        .values({ instance_id: instanceId, connection_id: connectionId, user_id: userId, opened_at: openedAt })
        .onConflict((oc) => oc.columns(["instance_id", "connection_id"]).doNothing())
        .execute();
    },
    async overCap(userId, cap) {
      const rows = await db
        .selectFrom("live_connections")
        .select(["instance_id", "connection_id"])
        .where("user_id", "=", userId)
        .orderBy("opened_at", "desc")
        .orderBy("instance_id", "desc")
        .orderBy("connection_id", "desc")
        .offset(cap)
        .limit(1000)
        .execute();
      return rows.map((row) => ({ instanceId: row.instance_id, connectionId: row.connection_id }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await db
        .deleteFrom("live_connections")
        .where((eb) => eb.or(keys.map((key) => eb.and([eb("instance_id", "=", key.instanceId), eb("connection_id", "=", key.connectionId)]))))
        .execute();
    },
    async removeInstance(instanceId) {
      await db.deleteFrom("live_connections").where("instance_id", "=", instanceId).execute();
    },
  };
}
