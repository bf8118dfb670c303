/**
 * Authorization matrix (ownership and roles, `docs/api.md`): every route the app registers,
 * collected with an onRoute hook, is called as an anonymous visitor, user A, user B and the admin,
 * and must answer the status the matrix below expects. A registered route without an expectation
 * fails the run, so a new route cannot ship without its access rule being decided here.
 *
 * Ownership: routes naming a user id are called by A and B with A's id (both must be refused),
 * the admin acts on a fresh victim. Calls by the anonymous visitor and by B (and refused calls
 * by A) must leave A's data in every table unchanged, and no answer to B may mention A.
 */
import { existsSync } from "node:fs";
import type { FastifyInstance, InjectOptions } from "fastify";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN_ENV,
  type Credentials,
  createTestApp,
  login,
  loginAdmin,
  newCredentials,
  registerUser,
  uniqueIp,
  userRow,
} from "./helpers";
import { loadConfig } from "../src/env";

const ROLES = ["anonymous", "userA", "userB", "admin"] as const;
type Role = (typeof ROLES)[number];

interface Fixture {
  app: FastifyInstance;
  users: Record<Exclude<Role, "anonymous">, { id: number; cookie: string; credentials: Credentials }>;
}

interface Call {
  /** Path with query, e.g. `/api/admin/users/7`. */
  url: string;
  payload?: object;
}

interface Expectation {
  status: Record<Role, number>;
  /** The request a role makes; `target` is the user id a `:userId` route names. */
  call: (fixture: Fixture, role: Role, target: number) => Call;
  /** Runs before the four calls (after the common reset). */
  setup?: (fixture: Fixture) => Promise<void>;
  /** Each role calls with a session of its own (login/register/logout end or replace sessions). */
  freshSession?: boolean;
  /** The answer names A by design (a room shows its owner's username, never the email). */
  showsOwnerName?: boolean;
}

/** Open to everyone: the same status for every role. */
const open = (code: number): Record<Role, number> => ({ anonymous: code, userA: code, userB: code, admin: code });
/** Any logged-in user. */
const loggedIn = (code: number): Record<Role, number> => ({ anonymous: 401, userA: code, userB: code, admin: code });
/** The admin only. */
const adminOnly = (code: number): Record<Role, number> => ({ anonymous: 401, userA: 403, userB: 403, admin: code });

const plain = (url: string, payload?: object) => (): Call => ({ url, payload });

const TODAY = new URLSearchParams({ startDate: "2026-03-02T00:00:00.000Z", endDate: "2026-03-02T23:59:59.999Z" });

/** Sets the subscription of the given users directly in the database. */
async function setPlan(app: FastifyInstance, ids: number[], plan: "free" | "premium", status: "trial" | "active") {
  const trialEnd = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  await app.db
    .updateTable("users")
    .set({ subscription_plan: plan, subscription_status: status, trial_end_date: trialEnd })
    .where("id", "in", ids)
    .execute();
}

/** Ids of A's rows made by a route's setup: `mine` for A to act on, `theirs` for everyone else. */
const owned = { mine: 0, theirs: 0 };

/** Owner-only routes on a row id: anonymous 401, the owner `code`, B and the admin 404. */
const ownerOnly = (code: number): Record<Role, number> => ({ anonymous: 401, userA: code, userB: 404, admin: 404 });

let matrixSessionDay = 0;
/** A completed focus session of A's, each on a day of its own (so no plan's daily limit is met). */
const newSession = () => ({
  clientId: crypto.randomUUID(),
  startTime: new Date(Date.UTC(2026, 2, 3 + (matrixSessionDay += 1), 9)).toISOString(),
  duration: 1500,
  type: "focus",
  completed: true,
});

/** A new task with a fresh idempotency key. */
const newTask = () => ({ clientId: crypto.randomUUID(), title: "Matrix task", estimate: 2 });

let matrixSite = 0;
/** A domain no user blocks yet. */
const freshDomain = () => `matrix${(matrixSite += 1)}.example.com`;

/** Makes two rows of A through the API (`POST url` with `payload()`), into `owned`. */
function twoOfA(url: string, payload: () => object) {
  return async (f: Fixture) => {
    const create = async () => {
      const res = await f.app.inject({ method: "POST", url, headers: { cookie: f.users.userA.cookie }, payload: payload() });
      if (res.statusCode !== 201) throw new Error(`setup POST ${url}: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: number }).id;
    };
    owned.mine = await create();
    owned.theirs = await create();
  };
}

/** The row a role names: A its own, everyone else A's other one. */
const ownedRow = (prefix: string) => (_f: Fixture, role: Role): Call => ({
  url: `${prefix}/${role === "userA" ? owned.mine : owned.theirs}`,
});

let matrixPush = 0;
/** A push subscription no browser has saved yet (on a push service's host; nothing is sent to it). */
const freshPushSubscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${(matrixPush += 1)}`,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
});

/** A room of A's for the room routes (made by their setup). */
let matrixRoom = "";

/** Ends A's open rooms (the per-owner cap) and opens a fresh one of A's into `matrixRoom`. */
async function freshRoomOfA(f: Fixture) {
  await f.app.db.updateTable("rooms").set({ ended_at: new Date().toISOString() }).where("owner_id", "=", f.users.userA.id).execute();
  const res = await f.app.inject({ method: "POST", url: "/api/rooms", headers: { cookie: f.users.userA.cookie }, payload: { name: "Matrix", visibility: "link" } });
  if (res.statusCode !== 201) throw new Error(`setup POST /api/rooms: ${res.statusCode} ${res.body}`);
  matrixRoom = (res.json() as { slug: string }).slug;
}

/**
 * Keyed by `METHOD url` as registered (HEAD routes use their GET entry). To add a route, add
 * `"METHOD /api/path/:param": { status: open(200) | loggedIn(200) | adminOnly(200), call }`.
 */
const MATRIX: Record<string, Expectation> = {
  "GET /api/health": { status: open(200), call: plain("/api/health") },
  // Rooms: anyone may look; opening one needs an account; only the owner ends it.
  "GET /api/rooms": { status: open(200), call: plain("/api/rooms") },
  "GET /api/rooms/:slug": { status: open(200), setup: freshRoomOfA, showsOwnerName: true, call: () => ({ url: `/api/rooms/${matrixRoom}` }) },
  "POST /api/rooms": {
    status: loggedIn(201),
    setup: async (f) => {
      await f.app.db.updateTable("rooms").set({ ended_at: new Date().toISOString() }).execute();
    },
    call: plain("/api/rooms", { name: "Matrix room", visibility: "public" }),
  },
  "POST /api/rooms/:slug/end": {
    status: { anonymous: 401, userA: 200, userB: 403, admin: 403 },
    setup: freshRoomOfA,
    showsOwnerName: true,
    call: () => ({ url: `/api/rooms/${matrixRoom}/end` }),
  },
  // The account's own room: each signed-in account reads and leaves only its own.
  "GET /api/me/room": { status: loggedIn(200), call: plain("/api/me/room") },
  "DELETE /api/me/room": { status: loggedIn(200), call: plain("/api/me/room") },
  "GET /api/config": { status: open(200), call: plain("/api/config") },
  "POST /api/register": {
    status: open(201),
    freshSession: true,
    call: () => ({ url: "/api/register", payload: newCredentials("matrix") }),
  },
  "POST /api/login": {
    status: open(200),
    freshSession: true,
    call: (f, role) => {
      // The anonymous visitor logs in as B: a login of A would add a session to A's data.
      const { credentials } = f.users[role === "anonymous" ? "userB" : role];
      return { url: "/api/login", payload: { username: credentials.username, password: credentials.password } };
    },
  },
  // Password reset (passwordReset.test.ts): open to everyone. This app has no SMTP_URL, so a
  // request only gets the "ask the admin" answer; a made-up token is a dead link (410).
  "GET /api/password-reset": { status: open(200), call: plain("/api/password-reset") },
  "POST /api/password-reset/request": { status: open(200), call: plain("/api/password-reset/request", { login: "nobody-matrix" }) },
  "POST /api/password-reset/check": { status: open(410), call: plain("/api/password-reset/check", { token: "M".repeat(43) }) },
  "POST /api/password-reset/complete": {
    status: open(410),
    call: plain("/api/password-reset/complete", { token: "M".repeat(43), password: "matrix-new-secret" }),
  },
  "POST /api/admin/users/:userId/reset-link": {
    status: adminOnly(201),
    call: (_f, _role, target) => ({ url: `/api/admin/users/${target}/reset-link` }),
  },
  "POST /api/logout": { status: open(200), freshSession: true, call: plain("/api/logout") },
  "GET /api/me": { status: loggedIn(200), call: plain("/api/me") },
  "GET /api/settings": { status: loggedIn(200), call: plain("/api/settings") },
  "POST /api/settings": { status: loggedIn(200), call: plain("/api/settings", { focusDuration: 30 }) },
  "GET /api/sessions": { status: loggedIn(200), call: plain("/api/sessions") },
  "POST /api/sessions": {
    status: loggedIn(201),
    call: plain("/api/sessions", { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true }),
  },
  "GET /api/sessions/range": { status: loggedIn(200), call: plain(`/api/sessions/range?${TODAY}`) },
  // The reflection on a session: only its owner's; B and the admin name A's other one.
  "PATCH /api/sessions/:id": {
    status: ownerOnly(200),
    setup: twoOfA("/api/sessions", newSession),
    call: (f, role) => ({ ...ownedRow("/api/sessions")(f, role), payload: { outcome: "done", rating: 4 } }),
  },
  // Commands run on the caller's own timer only: there is no id to name another's.
  "POST /api/timer/commands": {
    status: loggedIn(200),
    call: () => ({ url: "/api/timer/commands", payload: { baseVersion: 0, commands: [{ id: crypto.randomUUID(), command: { type: "mode", mode: "shortBreak" }, at: Date.now() }] } }),
  },
  // End early's ask is about the caller's own timer: with no strict session running, 409.
  "POST /api/timer/escape": { status: loggedIn(409), call: plain("/api/timer/escape") },
  "GET /api/tasks": { status: loggedIn(200), call: plain("/api/tasks") },
  "POST /api/tasks": { status: loggedIn(201), call: () => ({ url: "/api/tasks", payload: newTask() }) },
  "PUT /api/tasks/:id": {
    status: ownerOnly(200),
    setup: twoOfA("/api/tasks", newTask),
    call: (f, role) => ({ ...ownedRow("/api/tasks")(f, role), payload: { estimate: 3, done: true } }),
  },
  "DELETE /api/tasks/:id": { status: ownerOnly(204), setup: twoOfA("/api/tasks", newTask), call: ownedRow("/api/tasks") },
  // A reorders its own task; everyone else names A's other one.
  "POST /api/tasks/reorder": {
    status: ownerOnly(200),
    setup: twoOfA("/api/tasks", newTask),
    call: (_f, role) => ({ url: "/api/tasks/reorder", payload: { ids: [role === "userA" ? owned.mine : owned.theirs] } }),
  },
  "GET /api/export": { status: loggedIn(200), call: plain("/api/export?format=json") },
  "POST /api/import": {
    status: loggedIn(200),
    call: plain("/api/import", {
      version: 1,
      exportedAt: "2026-03-02T10:00:00.000Z",
      settings: { ...DEFAULT_SETTINGS, focusDuration: 30 },
      sessions: [{ startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true }],
    }),
  },
  "GET /api/user/time-zone": { status: loggedIn(200), call: plain("/api/user/time-zone") },
  // Each role chooses its own zone once; the once-a-day rule is accountTimeZone.test.ts's.
  "PUT /api/user/time-zone": { status: loggedIn(200), call: () => ({ url: "/api/user/time-zone", payload: { timeZone: "Europe/Berlin" } }) },
  "PUT /api/user/email": {
    status: loggedIn(200),
    call: (f, role) => ({
      url: "/api/user/email",
      payload: { email: newCredentials("mail").email, currentPassword: role === "anonymous" ? "whatever1" : f.users[role].credentials.password },
    }),
  },
  // Deleting one's own account: A and B give a wrong password (the fixture's accounts must
  // survive; the success path is in account.test.ts), the admin's own account is refused.
  "DELETE /api/user": {
    status: { anonymous: 401, userA: 400, userB: 400, admin: 409 },
    call: (f, role) => ({
      url: "/api/user",
      payload: { password: role === "admin" ? f.users.admin.credentials.password : "not-the-password" },
    }),
  },
  "PUT /api/user/password": {
    status: loggedIn(200),
    call: (f, role) => {
      const password = role === "anonymous" ? "whatever1" : f.users[role].credentials.password;
      return { url: "/api/user/password", payload: { currentPassword: password, newPassword: password } };
    },
  },
  "POST /api/user/logout-all": { status: loggedIn(200), call: plain("/api/user/logout-all") },
  "POST /api/subscription/upgrade": { status: loggedIn(200), call: plain("/api/subscription/upgrade") },
  "GET /api/subscription": { status: loggedIn(200), call: plain("/api/subscription") },
  // A, B (trial) and the admin (premium) each record an offer of their own.
  "POST /api/subscription/offer": { status: loggedIn(200), call: plain("/api/subscription/offer", { offer: "pause-3-months" }) },
  "POST /api/subscription/cancel": {
    status: loggedIn(200),
    setup: async (f) => setPlan(f.app, [f.users.userA.id, f.users.userB.id], "premium", "active"),
    call: plain("/api/subscription/cancel", { reason: "Too expensive", feedback: "" }),
  },
  "POST /api/subscription/activate/:userId": {
    status: adminOnly(200),
    call: (_f, _role, target) => ({ url: `/api/subscription/activate/${target}` }),
  },
  "POST /api/subscription/cancel/:userId": {
    status: adminOnly(200),
    call: (_f, _role, target) => ({ url: `/api/subscription/cancel/${target}` }),
  },
  // The admin acts on a fresh victim who accepted no offer: 409 (the success path is in
  // retentionOffers.test.ts).
  "POST /api/admin/users/:userId/offer/applied": {
    status: { anonymous: 401, userA: 403, userB: 403, admin: 409 },
    call: (_f, _role, target) => ({ url: `/api/admin/users/${target}/offer/applied` }),
  },
  "GET /api/admin/users": { status: adminOnly(200), call: plain("/api/admin/users") },
  // The admin's room tools (A's room shows A's name to the admin).
  "GET /api/admin/rooms": { status: adminOnly(200), setup: freshRoomOfA, showsOwnerName: true, call: plain("/api/admin/rooms") },
  "PUT /api/admin/rooms/:slug/hidden": {
    status: adminOnly(200),
    setup: freshRoomOfA,
    showsOwnerName: true,
    call: () => ({ url: `/api/admin/rooms/${matrixRoom}/hidden`, payload: { hidden: true } }),
  },
  "POST /api/admin/rooms/:slug/end": { status: adminOnly(200), setup: freshRoomOfA, call: () => ({ url: `/api/admin/rooms/${matrixRoom}/end` }) },
  "DELETE /api/admin/users/:userId": {
    status: adminOnly(200),
    call: (_f, _role, target) => ({ url: `/api/admin/users/${target}` }),
  },
  "GET /api/blocked-sites": { status: loggedIn(200), call: plain("/api/blocked-sites") },
  "POST /api/blocked-sites": {
    status: loggedIn(201),
    call: () => ({ url: "/api/blocked-sites", payload: { url: freshDomain(), active: true } }),
  },
  "DELETE /api/blocked-sites/:id": {
    status: ownerOnly(204),
    setup: twoOfA("/api/blocked-sites", () => ({ url: freshDomain(), active: true })),
    call: ownedRow("/api/blocked-sites"),
  },
  "PUT /api/blocked-sites/:id": {
    status: ownerOnly(200),
    setup: twoOfA("/api/blocked-sites", () => ({ url: freshDomain(), active: true })),
    call: (f, role) => ({ ...ownedRow("/api/blocked-sites")(f, role), payload: { delay: true } }),
  },
  "GET /api/shield": { status: loggedIn(200), call: plain("/api/shield") },
  "GET /api/shield/status": { status: loggedIn(200), call: plain("/api/shield/status") },
  "GET /api/shield/measures": { status: loggedIn(200), call: plain("/api/shield/measures") },
  "GET /api/shield/schedules": { status: loggedIn(200), call: plain("/api/shield/schedules") },
  "POST /api/shield/schedules": { status: loggedIn(201), call: plain("/api/shield/schedules", { days: [1], start: "09:00", end: "10:00" }) },
  "DELETE /api/shield/schedules/:id": {
    status: ownerOnly(204),
    setup: twoOfA("/api/shield/schedules", () => ({ days: [2], start: "09:00", end: "10:00" })),
    call: ownedRow("/api/shield/schedules"),
  },
  // The extension's uninstall page: anyone may record a removal; a reason needs that removal's key.
  "POST /api/extension-removals": { status: open(201), call: plain("/api/extension-removals") },
  "PUT /api/extension-removals/:id": { status: open(404), call: plain("/api/extension-removals/999", { key: "not-the-key", reason: "x" }) },
  "GET /api/linked-devices": { status: loggedIn(200), call: plain("/api/linked-devices") },
  "POST /api/linked-devices": { status: loggedIn(201), call: plain("/api/linked-devices", { name: "Chrome" }) },
  "PUT /api/linked-devices/:id": {
    status: ownerOnly(200),
    setup: twoOfA("/api/linked-devices", () => ({ name: "Chrome" })),
    call: (f, role) => ({ ...ownedRow("/api/linked-devices")(f, role), payload: { isActive: false } }),
  },
  "DELETE /api/linked-devices/:id": {
    status: ownerOnly(204),
    setup: twoOfA("/api/linked-devices", () => ({ name: "Chrome" })),
    call: ownedRow("/api/linked-devices"),
  },
  "GET /api/push/key": { status: loggedIn(200), call: plain("/api/push/key") },
  "GET /api/push/subscriptions": { status: loggedIn(200), call: plain("/api/push/subscriptions") },
  "POST /api/push/subscriptions": { status: loggedIn(201), call: () => ({ url: "/api/push/subscriptions", payload: freshPushSubscription() }) },
  "DELETE /api/push/subscriptions/:id": {
    status: ownerOnly(204),
    setup: twoOfA("/api/push/subscriptions", freshPushSubscription),
    call: ownedRow("/api/push/subscriptions"),
  },
  // Only a linked extension reports attempts (its device token; linkedDevices.test.ts): a browser session is refused.
  "POST /api/blocked-attempts": {
    status: { anonymous: 401, userA: 403, userB: 403, admin: 403 },
    call: () => ({ url: "/api/blocked-attempts", payload: { domain: "youtube.com", at: new Date().toISOString() } }),
  },
  "GET /api/blocked-attempts/summary": { status: loggedIn(200), call: plain("/api/blocked-attempts/summary") },
  // The live connection answers plain HTTP with 426 before looking at credentials; its upgrade
  // rules (origin, cookie, device token) are tested in live.test.ts.
  "GET /ws/timer": { status: open(426), call: plain("/ws/timer") },
  // A room's read-only socket is open to anyone with the link (visitors look at rooms too); it
  // answers plain HTTP with 426; its upgrade rules are tested in rooms.test.ts.
  "GET /ws/rooms/:slug": { status: open(426), setup: freshRoomOfA, call: () => ({ url: `/ws/rooms/${matrixRoom}` }) },
  // Audio is public and read-only (guests play it too).
  "GET /api/audio/local/list/:categoryId": { status: open(200), call: plain("/api/audio/local/list/deep-work") },
  "GET /api/audio/stream": { status: open(404), call: plain("/api/audio/stream?path=deep-work%2Fmissing.mp3") },
  "GET /sounds/:file": { status: open(404), call: plain("/sounds/unknown.mp3") },
  // The extension zip is public: 200 once `pnpm build` made it, else 404 (extensionZip.test.ts).
  "GET /focus-extension.zip": { status: open(existsSync(loadConfig({}).extensionZip) ? 200 : 404), call: plain("/focus-extension.zip") },
  // The API's documentation (plugins/apiDocs.ts) is public and read-only.
  "GET /api/docs": { status: open(200), call: plain("/api/docs") },
  // onRoute names the GET of `/api/docs/` only as "GET /api/docs" (above); its HEAD keeps the slash.
  "HEAD /api/docs/": { status: open(200), call: plain("/api/docs/") },
  "GET /api/docs/json": { status: open(200), call: plain("/api/docs/json") },
  "GET /api/docs/yaml": { status: open(200), call: plain("/api/docs/yaml") },
  "GET /api/docs/static/*": { status: open(200), call: plain("/api/docs/static/swagger-ui.css") },
  "GET /api/docs/static/index.html": { status: open(302), call: plain("/api/docs/static/index.html") },
  "GET /api/docs/static/swagger-initializer.js": { status: open(200), call: plain("/api/docs/static/swagger-initializer.js") },
};

/** Every row that belongs to the user, in every table with a `user_id` column, plus the user. */
async function dataOf(app: FastifyInstance, userId: number): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {
    users: await app.db.selectFrom("users").selectAll().where("id", "=", userId).execute(),
  };
  for (const table of await app.db.introspection.getTables()) {
    if (!table.columns.some((column) => column.name === "user_id")) continue;
    // The table set is discovered at run time; any table with user_id fits this query's shape.
    snapshot[table.name] = await app.db
      .selectFrom(table.name as "settings")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();
  }
  return snapshot;
}

const registered: { method: string; url: string }[] = [];
// Injected requests name "localhost:80": on port 80 that is this server's own address, for which
// it makes the extension package without PUBLIC_ORIGIN.
const t = await createTestApp({ ...ADMIN_ENV, PORT: "80" }, {
  beforeReady: (app) =>
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    }),
});
const ROUTES = registered.map(({ method, url }) => `${method} ${url}`).sort();

describe("authorization matrix", () => {
  let fixture: Fixture;

  beforeAll(async () => {
    const a = await registerUser(t.app, newCredentials("alice"));
    const b = await registerUser(t.app, newCredentials("bob"));
    const adminCookie = await loginAdmin(t.app);
    const admin = await userRow(t.app, "admin");
    fixture = {
      app: t.app,
      users: {
        userA: { id: a.res.json().user.id, cookie: a.cookie, credentials: a.credentials },
        userB: { id: b.res.json().user.id, cookie: b.cookie, credentials: b.credentials },
        admin: { id: admin.id, cookie: adminCookie, credentials: { username: "admin", password: ADMIN_ENV.ADMIN_PASSWORD, email: "" } },
      },
    };
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    // Every route starts from the same state: A and B on an active trial, the admin premium.
    await setPlan(t.app, [fixture.users.userA.id, fixture.users.userB.id], "free", "trial");
    await setPlan(t.app, [fixture.users.admin.id], "premium", "active");
  });

  it("collects the app's routes", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
  });

  it("has no expectation for a route the app does not register", () => {
    const stale = Object.keys(MATRIX).filter((key) => !ROUTES.includes(key));
    expect(stale).toEqual([]);
  });

  it.each(ROUTES)("%s answers each role as the matrix says", async (route) => {
    const [method = "", url = ""] = route.split(" ");
    const expectation = MATRIX[route] ?? (method === "HEAD" ? MATRIX[`GET ${url}`] : undefined);
    if (!expectation) throw new Error(`No authorization expectation for ${route}: add it to MATRIX`);
    await expectation.setup?.(fixture);
    const a = fixture.users.userA;

    for (const role of ROLES) {
      let cookie: string | undefined;
      if (role !== "anonymous") {
        const user = fixture.users[role];
        cookie = expectation.freshSession ? await login(t.app, user.credentials.username, user.credentials.password) : user.cookie;
      }
      // A and B name A's account; the admin acts on a fresh victim.
      const target = role === "admin" && url.includes(":userId") ? (await registerUser(t.app)).res.json().user.id : a.id;
      const call = expectation.call(fixture, role, target);
      const before = await dataOf(t.app, a.id);
      const options: InjectOptions = {
        method: method as InjectOptions["method"],
        url: call.url,
        remoteAddress: uniqueIp(),
        headers: cookie ? { cookie } : {},
        ...(call.payload ? { payload: call.payload } : {}),
      };
      const res = await t.app.inject(options);
      expect(res.statusCode, `${route} as ${role}: ${res.body}`).toBe(expectation.status[role]);

      const refusedForA = role === "userA" && res.statusCode >= 400;
      if (role === "anonymous" || role === "userB" || refusedForA) {
        expect(await dataOf(t.app, a.id), `${route} as ${role} changed A's data`).toEqual(before);
      }
      if (role === "userB") {
        if (!expectation.showsOwnerName) expect(res.body, `${route} as B mentions A`).not.toContain(a.credentials.username);
        expect(res.body, `${route} as B mentions A`).not.toContain(a.credentials.email);
      }
    }
  });
});
