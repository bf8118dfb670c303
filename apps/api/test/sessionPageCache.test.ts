import type { Session } from "@focus/core/schemas";
import { describe, expect, it } from "vitest";
import { type SessionPage, SessionPageCache } from "../src/repositories/sessionPageCache";

const page = (count: number): SessionPage => ({
  sessions: Array.from({ length: count }, (_, i): Session => ({ id: i + 1, startTime: "2026-11-20T09:00:00.000Z", duration: 1500, type: "focus", completed: true })),
  hasMore: false,
});

/** The in-memory pages of session lists (`src/repositories/sessionPageCache.ts`). */
describe("session page cache", () => {
  it("answers a stored page until its time is up", () => {
    const cache = new SessionPageCache(2000);
    const stored = page(3);
    cache.set(1, "first", stored, 10_000, cache.snapshot());
    expect(cache.get(1, "first", 11_999)).toBe(stored);
    expect(cache.get(1, "first", 12_000)).toBeUndefined();
    expect(cache.get(1, "other page", 10_000)).toBeUndefined();
    expect(cache.get(2, "first", 10_000)).toBeUndefined();
  });

  it("forgets every page of a user whose sessions changed, and only theirs", () => {
    const cache = new SessionPageCache(2000);
    cache.set(1, "first", page(1), 0, cache.snapshot());
    cache.set(1, "second", page(1), 0, cache.snapshot());
    cache.set(2, "first", page(1), 0, cache.snapshot());
    cache.forget(1);
    expect(cache.get(1, "first", 1)).toBeUndefined();
    expect(cache.get(1, "second", 1)).toBeUndefined();
    expect(cache.get(2, "first", 1)).toBeDefined();
  });

  it("keeps out a page read before a change was forgotten", () => {
    const cache = new SessionPageCache(2000);
    const before = cache.snapshot();
    cache.forget(2);
    cache.set(1, "first", page(1), 0, before);
    expect(cache.get(1, "first", 1)).toBeUndefined();
    cache.set(1, "first", page(1), 0, cache.snapshot());
    expect(cache.get(1, "first", 1)).toBeDefined();
  });

  it("holds at most its number of sessions, dropping the users stored longest ago", () => {
    const cache = new SessionPageCache(2000, 10);
    cache.set(1, "first", page(4), 0, cache.snapshot());
    cache.set(2, "first", page(4), 0, cache.snapshot());
    cache.set(1, "second", page(1), 0, cache.snapshot()); // user 1 is now the newest
    cache.set(3, "first", page(4), 0, cache.snapshot()); // 13 sessions: user 2 goes
    expect(cache.get(2, "first", 1)).toBeUndefined();
    expect(cache.get(1, "first", 1)).toBeDefined();
    expect(cache.get(3, "first", 1)).toBeDefined();
    cache.set(4, "first", page(11), 0, cache.snapshot()); // larger than the whole cache: not kept
    expect(cache.get(4, "first", 1)).toBeUndefined();
    expect(cache.get(3, "first", 1)).toBeDefined();
  });

  it("keeps nothing when its time is 0", () => {
    const cache = new SessionPageCache(0);
    cache.set(1, "first", page(1), 0, cache.snapshot());
    expect(cache.get(1, "first", 0)).toBeUndefined();
  });
});
