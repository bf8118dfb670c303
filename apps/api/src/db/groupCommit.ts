/**
 * Write transactions with group commit on SQLite (`docs/api.md`, Caching and commits on SQLite).
 *
 * On SQLite a commit costs more than the writes it commits: each one appends every page it
 * dirtied to the write-ahead log, a system call or two per page, about 40 µs for one recorded
 * session. When many requests write at once (a room's round ending for all its members, timers
 * of many users finishing together) their transactions are therefore gathered: the works that
 * arrive within one turn of the event loop run one after another in a single transaction, each
 * inside its own savepoint, and are committed together. A work that throws is rolled back to its
 * savepoint alone and rejects with its own error; the others are unaffected. Every promise
 * settles only after the commit, so nothing is acknowledged before it is stored, and a failed
 * commit rejects every work of the batch (none of them was stored).
 *
 * On PostgreSQL each work is its own transaction: the pool runs them side by side.
 */
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "./connection";

/** Most works committed together; more wait for the next batch. */
export const GROUP_COMMIT_MAX_WORKS = 100;

/** A unit of work run inside a transaction; it must do nothing but queries on `trx`. */
export type TransactionWork<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Queued<DB> {
  work: TransactionWork<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Batcher<DB> {
  queue: Queued<DB>[];
  /** A flush is scheduled or running; works queued meanwhile go in the next batch. */
  busy: boolean;
}

const SAVEPOINT = CompiledQuery.raw("savepoint group_commit_work");
const ROLLBACK_TO = CompiledQuery.raw("rollback to group_commit_work");
const RELEASE = CompiledQuery.raw("release group_commit_work");

/** Each SQLite database's batcher. */
const batchers = new WeakMap<object, Batcher<unknown>>();

/**
 * Runs `work` in a write transaction and resolves to its result once that is committed; rejects
 * with the work's own error (its writes undone), or with the commit's error. Given a
 * transaction, runs `work` in it (the caller commits).
 */
export function writeTransaction<DB, T>(db: Kysely<DB>, work: TransactionWork<DB, T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  if (isPostgres(db)) return db.transaction().execute(work);
  let batcher = batchers.get(db) as Batcher<DB> | undefined;
  if (!batcher) {
    batcher = { queue: [], busy: false };
    batchers.set(db, batcher as unknown as Batcher<unknown>);
  }
  const queued = batcher;
  return new Promise<T>((resolve, reject) => {
    queued.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!queued.busy) schedule(db, queued);
  });
}

/** Flushes after the current turn of the event loop, so requests read in this turn join. */
function schedule<DB>(db: Kysely<DB>, batcher: Batcher<DB>): void {
  batcher.busy = true;
  setImmediate(() => {
    void flush(db, batcher).finally(() => {
      if (batcher.queue.length > 0) schedule(db, batcher);
      else batcher.busy = false;
    });
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs up to GROUP_COMMIT_MAX_WORKS queued works in one transaction and settles each. */
async function flush<DB>(db: Kysely<DB>, batcher: Batcher<DB>): Promise<void> {
  const batch = batcher.queue.splice(0, GROUP_COMMIT_MAX_WORKS);
  const outcomes: Outcome[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const { work } of batch) {
        await trx.executeQuery(SAVEPOINT);
        try {
          const value = await work(trx);
          await trx.executeQuery(RELEASE);
          outcomes.push({ ok: true, value });
        } catch (error) {
          // Undoes this work's writes only. Should SQLite have ended the whole transaction
          // (disk full, I/O error), this throws and the batch fails as one.
          await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    for (const { reject } of batch) reject(error);
    return;
  }
  batch.forEach(({ resolve, reject }, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) resolve(outcome.value);
    else reject(outcome ? outcome.error : new Error("writeTransaction: the work did not run"));
  });
}
