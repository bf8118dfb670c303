/**
 * The per-account limit on heavy reads (`docs/api.md`, Limits): HEAVY_READS_PER_ACCOUNT of one
 * account's large reads at once; a further one is refused with 429 and Retry-After while another
 * account reads as usual, and each answered read gives its slot back. On PostgreSQL the count is
 * in the database: reads under way on one instance refuse a further one on another (a second app
 * on the same database), and a lease left by a dead instance lapses. Runs on SQLite and
 * PostgreSQL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HEAVY_READ_LEASE_MS, HEAVY_READS_PER_ACCOUNT, type ReleaseHeavyRead } from "../src/security/heavyReads";
import { createTestApp, registerUser, TEST_ENGINE, userRow, type TestApp } from "./helpers";

const RANGE = "/api/sessions/range?startDate=2026-03-01T00:00:00Z&endDate=2026-03-03T00:00:00Z";
const HEAVY_READS = ["/api/sessions", RANGE, "/api/blocked-attempts/summary", "/api/shield/measures"];
const REFUSAL = "Your other large requests are still loading. Please try again in a moment.";

describe("heavy reads per account", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** Takes every slot of `userId` on `app`, as that many reads under way would. */
  const holdAll = (app: TestApp["app"], userId: number, now?: number): Promise<ReleaseHeavyRead[]> =>
    Promise.all(Array.from({ length: HEAVY_READS_PER_ACCOUNT }, () => app.heavyReads.take(userId, now)));

  it("refuses a read past the limit with 429 and Retry-After, lets another account read, and answers again once one ends", async () => {
    t = await createTestApp();
    const reader = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);

    const held = await holdAll(t.app, id);
    for (const url of HEAVY_READS) {
      const refused = await t.app.inject({ method: "GET", url, headers: { cookie: reader.cookie } });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.json().message).toBe(REFUSAL);
      expect((await t.app.inject({ method: "GET", url, headers: { cookie: bystander.cookie } })).statusCode, url).toBe(200);
    }
    // Light reads are not counted.
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: reader.cookie } })).statusCode).toBe(200);

    await held[0]?.();
    expect((await t.app.inject({ method: "GET", url: "/api/sessions", headers: { cookie: reader.cookie } })).statusCode).toBe(200);
    for (const release of held) await release();
  });

  it("gives each slot back once its answer is sent", async () => {
    t = await createTestApp();
    const reader = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);
    for (let i = 0; i < 3 * HEAVY_READS_PER_ACCOUNT; i++) {
      const res = await t.app.inject({ method: "GET", url: HEAVY_READS[i % HEAVY_READS.length] ?? RANGE, headers: { cookie: reader.cookie } });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/sessions/range?startDate=nope", headers: { cookie: reader.cookie } })).statusCode).toBe(400);
    // Every slot is free again.
    for (const release of await holdAll(t.app, id)) await release();
  });

  it.runIf(TEST_ENGINE === "postgres")("counts across instances: reads under way on one refuse a further one on another, and a dead instance's leases lapse", async () => {
    t = await createTestApp();
    const other = await t.rebuild();
    const reader = await registerUser(t.app);
    const { id } = await userRow(t.app, reader.credentials.username);

    const held = await holdAll(t.app, id);
    const refused = await other.inject({ method: "GET", url: RANGE, headers: { cookie: reader.cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(REFUSAL);
    for (const release of held) await release();
    expect((await other.inject({ method: "GET", url: RANGE, headers: { cookie: reader.cookie } })).statusCode).toBe(200);

    // Leases taken long ago by an instance that died have lapsed.
    await holdAll(t.app, id, Date.now() - HEAVY_READ_LEASE_MS - 1);
    expect((await other.inject({ method: "GET", url: "/api/sessions", headers: { cookie: reader.cookie } })).statusCode).toBe(200);
  });
});
