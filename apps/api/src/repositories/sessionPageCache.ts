/**
 * Pages of a user's focus-session list kept in memory for a moment, on SQLite only (`docs/api.md`,
 * Caching and commits on SQLite). Reading 20 sessions costs about 30 µs in better-sqlite3 (most
 * of it building the rows' JavaScript objects), more than the rest of the request; a page read
 * once is answered from memory until any of the user's sessions changes or `ttlMs` passes.
 *
 * Forgetting is precise: every write of `focus_sessions` goes through `repositories/sessions.ts`
 * (a lint rule keeps writes there), which calls `forget(userId)` as it writes. On SQLite one
 * process holds the database and one connection runs every query in turn, so no read can see the
 * table between a write and its commit; a read that began before a write keeps its answer out of
 * the cache (`generation`). `ttlMs` bounds what a write from outside the process (another
 * program on the file) leaves behind. On PostgreSQL, where other instances write, pages are
 * always read from the database.
 */
import type { Session } from "@focus/core/schemas";

/** A page as `listSessionsPage` returns it. */
export interface SessionPage {
  sessions: Session[];
  hasMore: boolean;
}

/** Most sessions held in all cached pages together (about 250 bytes each); the oldest pages go first. */
export const SESSION_PAGE_CACHE_MAX_ROWS = 50_000;

interface Entry {
  page: SessionPage;
  until: number;
}

export class SessionPageCache {
  /** Pages by user id, then by the page's key; users in the order their pages were last stored. */
  private readonly users = new Map<number, Map<string, Entry>>();
  private rows = 0;
  private generation = 0;

  constructor(
    /** How long a page is kept, ms. */
    private readonly ttlMs: number,
    private readonly maxRows = SESSION_PAGE_CACHE_MAX_ROWS,
  ) {}

  /** The cached page, unless it is older than `ttlMs` at `now` (epoch ms). */
  get(userId: number, key: string, now: number): SessionPage | undefined {
    const entry = this.users.get(userId)?.get(key);
    return entry && entry.until > now ? entry.page : undefined;
  }

  /** A token to pass to `set`: a page read after it was taken is stored only if nothing was forgotten since. */
  snapshot(): number {
    return this.generation;
  }

  /** Keeps `page` from `now` (epoch ms) on, unless a write was forgotten since `snapshot` was taken. */
  set(userId: number, key: string, page: SessionPage, now: number, snapshot: number): void {
    if (snapshot !== this.generation || this.ttlMs <= 0 || page.sessions.length > this.maxRows) return;
    let pages = this.users.get(userId);
    if (pages) this.users.delete(userId);
    else pages = new Map();
    // Re-inserted last: the user's pages are now the newest.
    this.users.set(userId, pages);
    const old = pages.get(key);
    if (old) this.rows -= old.page.sessions.length;
    pages.set(key, { page, until: now + this.ttlMs });
    this.rows += page.sessions.length;
    for (const [oldestUser, oldestPages] of this.users) {
      if (this.rows <= this.maxRows) break;
      this.drop(oldestUser, oldestPages);
    }
  }

  /** Forgets every page of the user (a session of theirs was written). */
  forget(userId: number): void {
    this.generation += 1;
    const pages = this.users.get(userId);
    if (pages) this.drop(userId, pages);
  }

  private drop(userId: number, pages: Map<string, Entry>): void {
    for (const { page } of pages.values()) this.rows -= page.sessions.length;
    this.users.delete(userId);
  }
}
