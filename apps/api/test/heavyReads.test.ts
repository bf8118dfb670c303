/**
 * The per-account limit on heavy reads (`docs/api.md`, Limits): HEAVY_READS_PER_ACCOUNT of one
 * account's large reads at once, counted in the database, so reads under way on one instance
 * refuse a further one on another (a second app on the same database) with 429 and
 * Retry-After, while another account reads as usual; each answered read gives its lease back,
 * and a lease left by a dead instance lapses. Runs on SQLite and PostgreSQL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HEAVY_READ_LEASE_MS, HEAVY_READS_PER_ACCOUNT, takeHeavyReadSlot } from "../src/security/heavyReads";
import { createTestApp, registerUser, userRow, type TestApp } from "./helpers";

const RANGE = "/api/sessions/range?startDate=2026-03-01T00:00:00Z&endDate=2026-03-03T00:00:00Z";
const HEAVY_READS = ["/api/sessions", RANGE, "/api/blocked-attempts/summary", "/api/shield/measures"];

describe("heavy reads per account", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("refuses a read past the limit on another instance with 429 and Retry-After, and lets another account read", async () => {
    t = await createTestApp();
    const other = await t.rebuild();
    const reader = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);

    // The reader's heavy reads under way on the first instance hold every lease.
    const held = await Promise.all(Array.from({ length: HEAVY_READS_PER_ACCOUNT }, () => takeHeavyReadSlot(t.app.db, id)));
    for (const url of HEAVY_READS) {
      const refused = await other.inject({ method: "GET", url, headers: { cookie: reader.cookie } });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.json().message).toBe("Your other large requests are still loading. Please try again in a moment.");
      expect((await other.inject({ method: "GET", url, headers: { cookie: bystander.cookie } })).statusCode, url).toBe(200);
    }
    // Light reads are not counted.
    expect((await other.inject({ method: "GET", url: "/api/me", headers: { cookie: reader.cookie } })).statusCode).toBe(200);

    // One read ends: the next one is answered.
    await held[0]?.();
    expect((await other.inject({ method: "GET", url: "/api/sessions", headers: { cookie: reader.cookie } })).statusCode).toBe(200);
    for (const release of held) await release();
  });

  it("gives each lease back once its answer is sent", async () => {
    t = await createTestApp();
    const reader = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);
    for (let i = 0; i < 3 * HEAVY_READS_PER_ACCOUNT; i++) {
      const res = await t.app.inject({ method: "GET", url: HEAVY_READS[i % HEAVY_READS.length] ?? RANGE, headers: { cookie: reader.cookie } });
      expect(res.statusCode).toBe(200);
    }
    // Every lease is free again, and so is one refused for a bad query.
    expect((await t.app.inject({ method: "GET", url: "/api/sessions/range?startDate=nope", headers: { cookie: reader.cookie } })).statusCode).toBe(400);
    const all = await Promise.all(Array.from({ length: HEAVY_READS_PER_ACCOUNT }, () => takeHeavyReadSlot(t.app.db, id)));
    for (const release of all) await release();
  });

  it("lets a lease left by an instance that died lapse", async () => {
    t = await createTestApp();
    const reader = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);
    const longAgo = Date.now() - HEAVY_READ_LEASE_MS - 1;
    for (let i = 0; i < HEAVY_READS_PER_ACCOUNT; i++) await takeHeavyReadSlot(t.app.db, id, longAgo);
    expect((await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: reader.cookie } })).statusCode).toBe(200);
  });
});
