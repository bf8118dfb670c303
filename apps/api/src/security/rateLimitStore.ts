/**
 * A store for @fastify/rate-limit that keeps its counters in the database (table
 * `rate_counters`, `repositories/rateCounters.ts`), so on PostgreSQL every API instance counts
 * against the same limit: ten attempts spread over two instances are ten, not five and five
 * (`docs/api.md`, Limits). It implements the plugin's store interface (`incr`, `child`) with
 * fixed windows, as the plugin's own in-memory store does; `continueExceeding` and
 * `exponentialBackoff` are not supported (no route uses them).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { hitCounter } from "../repositories/rateCounters";

/** What the plugin passes to the constructor and to `child`: the (route's merged) limit options. */
interface StoreOptions {
  /** The window, ms (the plugin has parsed "1 minute" by then). */
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The default window of @fastify/rate-limit, ms. */
const DEFAULT_WINDOW_MS = 60_000;

/** What `incr` answers: the hits in the window so far, and ms until it ends. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store class for `@fastify/rate-limit`'s `store` option, counting in `db`. Each route's
 * counters get their own key prefix (method and URL), so one route's limit never spends
 * another's.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly timeWindow: number;

    /** The plugin constructs the root store with its options; `child` adds the route's key prefix. */
    constructor(options: FastifyRateLimitOptions = {}, prefix = "rate:") {
      this.prefix = prefix;
      const { timeWindow } = options as StoreOptions;
      this.timeWindow = typeof timeWindow === "number" ? timeWindow : DEFAULT_WINDOW_MS;
    }

    /** Counts a hit on `key`; the plugin passes the window, ms (its typings leave it out). */
    incr(key: string, callback: IncrCallback, timeWindow: number = this.timeWindow): void {
      const now = Date.now();
      hitCounter(db, this.prefix + key, timeWindow, now).then(
        (state) => callback(null, { current: state.count, ttl: Math.max(0, state.windowEndsAt - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Typed as the route's options; at run time they are its merged limit options (StoreOptions).
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): DatabaseRateLimitStore {
      const options = routeOptions as unknown as StoreOptions;
      const method = [options.routeInfo?.method ?? ""].flat().join(",");
      return new DatabaseRateLimitStore(routeOptions as unknown as FastifyRateLimitOptions, `rate:${method} ${options.routeInfo?.url ?? ""}:`);
    }
  };
}
