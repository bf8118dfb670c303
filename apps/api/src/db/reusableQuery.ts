/**
 * Queries compiled once and run many times, for the few queries that run on almost every request
 * (the login session and its user, a page of sessions, recording a session). Building and
 * compiling a Kysely query costs more than running a small one on SQLite; a reusable query is
 * built once per database engine with placeholders in place of its arguments, and each run only
 * puts the arguments into the compiled parameters.
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Stands for the argument at `index` while the query is built. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * Wraps `build` (a query builder whose arguments are used only as plain values: compared,
 * inserted, set) into a function that runs the same query with new arguments and resolves to
 * its rows. The query is compiled the first time it runs on an engine (SQLite, PostgreSQL), by
 * that engine's compiler, and kept; a transaction shares its database's compiled query.
 */
export function reusableQuery<DB, Args extends unknown[], Row>(
  arity: Args["length"],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // Keyed by the engine's adapter: one object per Kysely instance, shared by its transactions.
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: Array<number | null> }>();
  const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index)) as unknown as Args;

  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.index : null));
      if (slots.filter((slot) => slot !== null).length !== arity) {
        throw new Error(`reusableQuery: every argument must appear once as a parameter of "${query.sql}"`);
      }
      entry = { query, slots };
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : args[slot]));
    // A fresh query id: plugins key their per-query state by its identity.
    const result = await db.executeQuery<Row>({ ...query, parameters, queryId: { queryId: query.queryId.queryId } });
    return result.rows;
  };
}
