import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "./helpers";

/**
 * Names others read (a room's name in the public list, a task title, a device name, a reason the
 * admin reads) cannot hide characters that reverse or disguise them: each route answers 400 with
 * a message and stores nothing. An emoji sequence still works.
 */
describe("text with direction controls or invisible characters", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, headers: { cookie }, payload });
  const SPOOFS = [
    "Study\u202Emoor",
    "a\u200Bdmin",
    "\u2066Deep work\u2069",
    "Focus\u3164",
    // Blank or unseen by Unicode's properties: the blank braille pattern, tag letters, a line
    // separator, a Mongolian selector, and a letter under stacked marks.
    "\u2800\u2800",
    "ad\u{E0041}min",
    "two\u2028lines",
    "x\u180By",
    `Z${"\u0301".repeat(20)}`,
  ];

  it.each([
    { what: "a room name", url: "/api/rooms", body: (text: string) => ({ name: text, visibility: "public" }), message: "Name must not contain invisible or text-direction characters" },
    { what: "a task title", url: "/api/tasks", body: (text: string) => ({ clientId: randomUUID(), title: text, estimate: 1 }), message: "Task title must not contain invisible or text-direction characters" },
    { what: "a device name", url: "/api/linked-devices", body: (text: string) => ({ name: text }), message: "Device name must not contain invisible or text-direction characters" },
    { what: "a cancellation reason", url: "/api/subscription/cancel", body: (text: string) => ({ reason: text }), message: "Reason must not contain invisible or text-direction characters" },
  ])("$what: 400 with a message", async ({ url, body, message }) => {
    for (const text of SPOOFS) {
      const res = await post(url, body(text));
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("stored none of them, and still takes a title with an emoji sequence", async () => {
    const tasks = await t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie } });
    expect(tasks.json()).toEqual([]);
    const rooms = await t.app.inject({ method: "GET", url: "/api/rooms", headers: { cookie } });
    expect(JSON.stringify(rooms.json())).not.toContain("moor");
    const res = await post("/api/tasks", { clientId: randomUUID(), title: "👩\u200D💻 Fix the login bug", estimate: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().title).toBe("👩\u200D💻 Fix the login bug");
  });
});
