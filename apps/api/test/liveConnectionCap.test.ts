/**
 * The per-user socket cap across instances (`docs/api.md`, Live sync): on PostgreSQL every
 * instance counts a user's sockets in `live_connections`, so 11 sockets spread over two
 * instances close the oldest, wherever it is. PostgreSQL only (one process on SQLite, where the
 * hub's own cap is the whole story: liveHub.test.ts).
 */
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_CLOSE_CODES, LIVE_LIMITS } from "../src/live/hub";
import { createTestApp, registerUser, TEST_ENGINE, type TestApp } from "./helpers";
import { connect, eventually, listen, type LiveTestClient } from "./liveHelpers";

const PUBLIC_ORIGIN = "http://focus.test";

describe.skipIf(TEST_ENGINE !== "postgres")("one user's sockets over two instances", () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let wsA: string;
  let wsB: string;
  const open: LiveTestClient[] = [];

  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN });
    a = t.app;
    b = await t.rebuild();
    wsA = `${(await listen(a)).wsBase}/ws/timer`;
    wsB = `${(await listen(b)).wsBase}/ws/timer`;
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await t.close();
  });

  const rowsOf = async (userId: number) =>
    Number((await a.db.selectFrom("live_connections").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow()).n);

  it("closes the oldest with 4429 when the 11th opens, on whichever instance it is, and forgets closed sockets", async () => {
    const { cookie, res } = await registerUser(a);
    const userId: number = res.json().user.id;
    const cap = LIVE_LIMITS.connectionsPerUser;
    const sockets: LiveTestClient[] = [];
    // The oldest on A, the next nine alternating, so neither instance alone holds ten.
    for (let n = 0; n < cap; n++) {
      const client = await connect(n % 2 === 0 ? wsA : wsB, { cookie, origin: PUBLIC_ORIGIN });
      open.push(client);
      sockets.push(client);
      await eventually(async () => (await rowsOf(userId)) === n + 1);
    }
    const newest = await connect(wsB, { cookie, origin: PUBLIC_ORIGIN });
    open.push(newest);
    expect(await sockets[0]!.closed).toEqual({ code: LIVE_CLOSE_CODES.tooMany, reason: "Too many connections" });
    await eventually(async () => (await rowsOf(userId)) === cap);
    // The others stay open.
    expect(sockets.slice(1).every((client) => client.ws.readyState === client.ws.OPEN)).toBe(true);
    expect(newest.ws.readyState).toBe(newest.ws.OPEN);

    // A socket that closes is forgotten: the next one closes nobody.
    sockets[1]!.ws.close();
    await eventually(async () => (await rowsOf(userId)) === cap - 1);
    const another = await connect(wsA, { cookie, origin: PUBLIC_ORIGIN });
    open.push(another);
    await eventually(async () => (await rowsOf(userId)) === cap);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...sockets.slice(2), newest, another].every((client) => client.ws.readyState === client.ws.OPEN)).toBe(true);
  });

  it("deletes an instance's rows when it closes", async () => {
    const { cookie, res } = await registerUser(a);
    const userId: number = res.json().user.id;
    open.push(await connect(wsB, { cookie, origin: PUBLIC_ORIGIN }), await connect(wsA, { cookie, origin: PUBLIC_ORIGIN }));
    await eventually(async () => (await rowsOf(userId)) === 2);
    await b.close();
    await eventually(async () => (await rowsOf(userId)) === 1);
  });
});
