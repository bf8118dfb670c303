import type { SessionInput, SessionReflection, SettingsUpdate } from "@focus/core/schemas";
import type { TaskChange } from "@focus/core/tasks";
import type { TimedTimerCommand } from "@focus/core/timer";
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

/**
 * The outbox (`docs/offline.md`): writes that have not reached the server yet, kept in IndexedDB so
 * they survive a reload, a closed tab and a restarted browser. Items are sent in the order they
 * were added (`seq`); each belongs to one user and is only ever sent for that user.
 */

/**
 * A completed session (with its idempotency key), a settings save (the settings that changed), a
 * change to the task list, or a command to the account's timer. A session whose task had no
 * server id yet when it ended names the task by `taskClientId`; the id is looked up when the
 * session is sent. A timer command names the version of the account's timer the device had seen
 * when the user gave it (`base`) and the device's time zone; consecutive ones are sent as one
 * batch (`docs/offline.md`, A timer used offline).
 */
export type OutboxWrite =
  | { kind: "session"; body: SessionInput & { clientId: string }; taskClientId?: string }
  | { kind: "settings"; body: SettingsUpdate }
  | { kind: "task"; change: TaskChange }
  /** The answer of "How did it go?" for the session with this idempotency key (`docs/offline.md`, Reflections). */
  | { kind: "reflection"; clientId: string; body: SessionReflection }
  | { kind: "timer"; command: TimedTimerCommand; base: number; timeZone: string };

export type OutboxItem = OutboxWrite & {
  /** Order of addition, assigned by the store. */
  seq: number;
  userId: number;
  /** Epoch ms the write was made. */
  createdAt: number;
};

/** What the sync engine needs from a store (an IndexedDB one in the app, a Map in tests). */
export interface OutboxStore {
  /**
   * Appends a write, as it is: a settings save is the patch the user made, and waiting patches
   * are sent in order, each merged by the server over what it stores (no merge here).
   */
  add(userId: number, write: OutboxWrite, createdAt: number): Promise<OutboxItem>;
  /** The user's waiting writes, oldest first. */
  list(userId: number): Promise<OutboxItem[]>;
  remove(seq: number): Promise<void>;
  /**
   * Rebases the user's waiting timer commands given on a view at or after version `from` onto
   * version `to`: a batch before them was applied, and they were given on top of it.
   */
  rebaseTimer(userId: number, from: number, to: number): Promise<void>;
  /** Forgets every waiting write of the user (their account was deleted). */
  clearUser(userId: number): Promise<void>;
}

interface OutboxDb extends DBSchema {
  items: { key: number; value: OutboxItem; indexes: { byUser: number } };
}

const DB_NAME = "focus-flow-outbox";

/** The IndexedDB outbox; the database opens on first use. */
export function indexedDbOutbox(): OutboxStore {
  let db: Promise<IDBPDatabase<OutboxDb>> | undefined;
  const open = () => {
    db ??= openDB<OutboxDb>(DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore("items", { keyPath: "seq", autoIncrement: true });
        store.createIndex("byUser", "userId");
      },
      // Another tab opened a newer version: let it upgrade, reopen on next use.
      blocking() {
        void db?.then((d) => d.close());
        db = undefined;
      },
    });
    return db;
  };
  return {
    async add(userId, write, createdAt) {
      const seq = await (await open()).add("items", { ...write, userId, createdAt } as OutboxItem);
      return { ...write, userId, createdAt, seq };
    },
    async list(userId) {
      const items = await (await open()).getAllFromIndex("items", "byUser", userId);
      return items.sort((a, b) => a.seq - b.seq);
    },
    async remove(seq) {
      await (await open()).delete("items", seq);
    },
    async rebaseTimer(userId, from, to) {
      const tx = (await open()).transaction("items", "readwrite");
      for (const item of await tx.store.index("byUser").getAll(userId)) {
        if (item.kind === "timer" && item.base >= from && item.base < to) await tx.store.put({ ...item, base: to });
      }
      await tx.done;
    },
    async clearUser(userId) {
      const tx = (await open()).transaction("items", "readwrite");
      for (const key of await tx.store.index("byUser").getAllKeys(userId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}

/** An in-memory outbox with the same behaviour, for tests and browsers without IndexedDB. */
export function memoryOutbox(): OutboxStore {
  const items = new Map<number, OutboxItem>();
  let next = 1;
  return {
    async add(userId, write, createdAt) {
      const item: OutboxItem = { ...write, userId, createdAt, seq: next++ };
      items.set(item.seq, item);
      return item;
    },
    async list(userId) {
      return [...items.values()].filter((item) => item.userId === userId).sort((a, b) => a.seq - b.seq);
    },
    async remove(seq) {
      items.delete(seq);
    },
    async rebaseTimer(userId, from, to) {
      for (const item of items.values()) {
        if (item.userId === userId && item.kind === "timer" && item.base >= from && item.base < to) items.set(item.seq, { ...item, base: to });
      }
    },
    async clearUser(userId) {
      for (const item of [...items.values()]) if (item.userId === userId) items.delete(item.seq);
    },
  };
}
