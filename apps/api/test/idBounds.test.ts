import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ENV, createTestApp, loginAdmin, registerUser, type TestApp } from "./helpers";

/**
 * Ids are 32-bit integer columns on PostgreSQL: an id past 2^31 - 1 names no record, and the
 * database itself would fail on it. Every route that takes an id refuses one as a 400 with a
 * message, on both databases, before the database sees it.
 */
describe("ids past the column's range", () => {
  const TOO_BIG = 2 ** 31;
  let t: TestApp;
  let cookie: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
    ({ cookie } = await registerUser(t.app));
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => t.close());

  const session = (extra: object = {}) => ({
    startTime: new Date(Date.now() - 30 * 60_000).toISOString(),
    duration: 1500,
    type: "focus",
    completed: true,
    clientId: randomUUID(),
    ...extra,
  });
  const cases: Array<{ name: string; method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: object; as?: "admin" }> = [
    { name: "edit a task", method: "PUT", url: `/api/tasks/${TOO_BIG}`, payload: { title: "x" } },
    { name: "delete a task", method: "DELETE", url: `/api/tasks/${TOO_BIG}` },
    { name: "reorder tasks", method: "POST", url: "/api/tasks/reorder", payload: { ids: [TOO_BIG] } },
    { name: "delete a blocked site", method: "DELETE", url: `/api/blocked-sites/${TOO_BIG}` },
    { name: "pause a linked device", method: "PUT", url: `/api/linked-devices/${TOO_BIG}`, payload: { isActive: false } },
    { name: "unlink a device", method: "DELETE", url: `/api/linked-devices/${TOO_BIG}` },
    { name: "record a session for a task", method: "POST", url: "/api/sessions", payload: session({ taskId: TOO_BIG }) },
    { name: "import a session for a task", method: "POST", url: "/api/import", payload: { version: 1, exportedAt: new Date().toISOString(), sessions: [session({ taskId: TOO_BIG })] } },
    { name: "page the session list", method: "GET", url: `/api/sessions?cursor=${encodeURIComponent(`2026-01-01T00:00:00.000Z_${TOO_BIG}`)}` },
    { name: "delete a user (admin)", method: "DELETE", url: `/api/admin/users/${TOO_BIG}`, as: "admin" },
    { name: "mark an offer applied (admin)", method: "POST", url: `/api/admin/users/${TOO_BIG}/offer/applied`, as: "admin" },
    { name: "activate premium (admin)", method: "POST", url: `/api/subscription/activate/${TOO_BIG}`, as: "admin" },
    { name: "cancel a plan (admin)", method: "POST", url: `/api/subscription/cancel/${TOO_BIG}`, as: "admin" },
  ];

  it.each(cases)("$name: 400 with a message, never a 500", async ({ method, url, payload, as }) => {
    const res = await t.app.inject({ method, url, payload, headers: { cookie: as === "admin" ? admin : cookie } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("still finds nothing, with a 404, at the largest id a column holds", async () => {
    const res = await t.app.inject({ method: "DELETE", url: `/api/tasks/${TOO_BIG - 1}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(404);
    const device = await t.app.inject({ method: "DELETE", url: `/api/linked-devices/${TOO_BIG - 1}`, headers: { cookie } });
    expect(device.statusCode, device.body).toBe(404);
  });
});
