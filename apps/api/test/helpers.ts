/**
 * Test helpers: an app on a fresh database, and small request shortcuts. The `api` project
 * runs on a temp SQLite file; the `api-pg` project runs the same tests with
 * each app on its own empty PostgreSQL database (see postgresSetup.ts): a database a closed
 * test app left is emptied and handed to the worker's next app (`testPostgresDatabase`).
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject, vi } from "vitest";
import { buildApp } from "../src/app";
import { createDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrator";
import { type Config, loadConfig } from "../src/env";
import { SESSION_COOKIE } from "../src/plugins/session";
import { shiftedDate } from "../../../test/shiftedDate";

/**
 * scrypt cost of the test apps (SCRYPT_N): 2^10 instead of the OWASP 2^17, so a register or
 * login costs about a millisecond instead of a quarter second. Only password.test.ts hashes
 * with the production parameters.
 */
export const TEST_SCRYPT_N = String(2 ** 10);

/** The engine the tests of this project run on. */
export const TEST_ENGINE: "sqlite" | "postgres" = inject("postgresUrl") ? "postgres" : "sqlite";

let adminPool: pg.Pool | null = null;
let databaseCounter = 0;

/**
 * Creates a new empty PostgreSQL database on the test server and returns its URL and a
 * function that drops it (closing whatever is still connected).
 */
export async function createTestPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject("postgresUrl");
  if (!serverUrl) throw new Error("no PostgreSQL test server (run the api-pg project)");
  if (!adminPool) {
    adminPool = new pg.Pool({ connectionString: serverUrl, max: 2, allowExitOnIdle: true });
    // An idle connection the server drops is replaced by the pool; unhandled, it would end the worker.
    adminPool.on("error", () => undefined);
  }
  const pool = adminPool;
  databaseCounter += 1;
  const name = `${inject("postgresDatabasePrefix")}${process.pid}_${databaseCounter}`;
  await pool.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)) };
}

/**
 * Databases of this worker whose test apps have closed, emptied and migrated, for the next app;
 * they are dropped with the run's others when the run ends (postgresSetup.ts).
 */
const spareDatabases: string[] = [];

/** Drops a test database, ending whatever is still connected to it. */
async function dropTestDatabase(name: string): Promise<void> {
  await adminPool?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * An empty database for a test app: a spare one (its tables migrated and emptied), else a new
 * one. `release` empties it once the app has closed (every other connection to it ended, each
 * table but the migrator's truncated, identities restarted) and keeps it for the next app.
 * Creating and migrating a database costs about 350 ms here, emptying one about 30 ms. A
 * database that could not be emptied is dropped.
 */
async function testPostgresDatabase(): Promise<{ url: string; release: () => Promise<void> }> {
  const spare = spareDatabases.pop();
  const url = spare === undefined ? (await createTestPostgresDatabase()).url : Object.assign(new URL(inject("postgresUrl")), { pathname: `/${spare}` }).toString();
  const name = new URL(url).pathname.slice(1);
  const release = async () => {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      const { rows } = await client.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_migration%'",
      );
      if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((row) => `"${row.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
      spareDatabases.push(name);
    } catch {
      await client.end().catch(() => undefined);
      await dropTestDatabase(name);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  return { url, release };
}

export interface TestApp {
  app: FastifyInstance;
  /** The temp directory holding the database (SQLite) and the generated session secret. */
  dir: string;
  config: Config;
  /** Builds a second app on the same database file and environment (a restart). */
  rebuild: (env?: Record<string, string>) => Promise<FastifyInstance>;
  /** Closes every app built and deletes the temp directory. */
  close: () => Promise<void>;
}

type Env = Record<string, string>;

export interface TestAppOptions {
  /** Runs on each app after it is built and before its plugins load (e.g. to add an onRoute hook). */
  beforeReady?: (app: FastifyInstance) => void;
}

let migratedTemplate: Promise<string> | null = null;

/**
 * A SQLite file with every migration applied, made once per worker (its files share one module
 * graph) and removed when the worker exits. Each SQLite test app starts on a copy of it: its own
 * start then finds nothing to migrate (running the migrations was about a fifth of building an app).
 */
function migratedSqliteTemplate(): Promise<string> {
  migratedTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "focus-api-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "focus.db");
    const db = createDatabase(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return file;
  })();
  return migratedTemplate;
}

/**
 * Builds the app on `<tmp>/focus.db` with a missing web build unless `env` says otherwise.
 * A SQLite app on that default file starts from an already migrated copy (`migratedSqliteTemplate`).
 * `env` may be a function of the temp directory, to place files (e.g. a web build) in it.
 */
export async function createTestApp(
  envOrFactory: Env | ((dir: string) => Env) = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "focus-api-test-"));
  const env = typeof envOrFactory === "function" ? envOrFactory(dir) : envOrFactory;
  const postgres = TEST_ENGINE === "postgres" ? await testPostgresDatabase() : null;
  if (!postgres && !("DATABASE_URL" in env)) copyFileSync(await migratedSqliteTemplate(), path.join(dir, "focus.db"));
  const baseEnv = {
    DATABASE_URL: postgres ? postgres.url : `sqlite:${path.join(dir, "focus.db")}`,
    LOG_LEVEL: "silent",
    // Whatever the terminal running the tests: pino-pretty is loaded only where a test asks for it.
    LOG_FORMAT: "json",
    WEB_DIST: path.join(dir, "no-web-build"),
    // No audio render: a test app that listens would otherwise start rendering the whole
    // catalogue into ./data/audio (minutes of CPU in worker processes) until it closes, a
    // track never finished. The renderer's own tests turn it on, in their temp directory.
    AUDIO_DIR: path.join(dir, "audio"),
    AUDIO_RENDER: "off",
    SCRYPT_N: TEST_SCRYPT_N,
    // No overload refusals: many test apps share a busy process, and a slow machine is not
    // an overloaded server (faults.e2e.ts checks the refusal against a real one).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
  };
  const apps: FastifyInstance[] = [];
  const build = async (extra: Env) => {
    const config = loadConfig({ ...baseEnv, ...env, ...extra });
    const app = buildApp(config);
    apps.push(app);
    options.beforeReady?.(app);
    await app.ready();
    return { app, config };
  };
  const { app, config } = await build({});
  return {
    app,
    dir,
    config,
    rebuild: async (extra = {}) => (await build(extra)).app,
    close: async () => {
      for (const built of apps) await built.close();
      await postgres?.release();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The session cookie set by a response, as `name=value` for a Cookie header, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export interface Credentials {
  username: string;
  password: string;
  email: string;
}

let counter = 0;

/** Distinct valid credentials for a new user. */
export function newCredentials(prefix = "user"): Credentials {
  counter += 1;
  const name = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: name, password: "correct-horse", email: `${name}@example.com` };
}

/**
 * Registers a user (from a distinct IP, so rate limits do not interfere) and returns the
 * session cookie and the response.
 */
export async function registerUser(
  app: FastifyInstance,
  credentials: Credentials = newCredentials(),
): Promise<{ cookie: string; res: LightMyRequestResponse; credentials: Credentials }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/register",
    payload: credentials,
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error("register set no session cookie");
  return { cookie, res, credentials };
}

/**
 * Logs in (from a distinct IP) and returns the new session cookie.
 * @throws Error when the login is refused.
 */
export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress: uniqueIp() });
  const cookie = sessionCookie(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

/** The password of the admin account the role tests create (ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = "admin-secret";

/** Environment of an app with an admin account ("admin" / ADMIN_PASSWORD) and a payment link. */
export const ADMIN_ENV = { ADMIN_PASSWORD, PAYMENT_URL: "https://pay.example.com/focus-premium" };

/** Logs the admin of ADMIN_ENV in and returns the session cookie. */
export function loginAdmin(app: FastifyInstance): Promise<string> {
  return login(app, "admin", ADMIN_PASSWORD);
}

/** The stored user row of `username`. @throws when absent. */
export function userRow(app: FastifyInstance, username: string) {
  return app.db.selectFrom("users").selectAll().where("username", "=", username).executeTakeFirstOrThrow();
}

let ip = 0;

/** A fresh client address for each call (10.x.y.z). */
export function uniqueIp(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

/**
 * Runs this process's clock from `instant` on (an ISO string or epoch ms): `Date` and
 * `Date.now()` read `instant` plus the real time passed since, so the app under test (it runs in
 * this process) and the test agree, waits and the server's own timers behave as usual, and a
 * test about "today" or a plan's day reads the day it chose, not the wall clock's hour.
 * `vi.unstubAllGlobals()` (in an `afterEach`) puts the real clock back.
 */
export function runClockFrom(instant: string | number): void {
  vi.stubGlobal("Date", shiftedDate(Date, new Date(instant).getTime()));
}

/**
 * Reports blocked attempts as a user's linked extension does (only a device token may,
 * `docs/api.md`): links a device for each session cookie once, then posts with its token.
 */
export function attemptReporter(app: () => FastifyInstance) {
  const tokens = new Map<string, string>();
  return async (cookie: string, payload: object): Promise<LightMyRequestResponse> => {
    let token = tokens.get(cookie);
    if (token === undefined) {
      const paired = await app().inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
      if (paired.statusCode !== 201) throw new Error(`attemptReporter: linking a device answered ${paired.statusCode} ${paired.body}`);
      token = (paired.json() as { token: string }).token;
      tokens.set(cookie, token);
    }
    return app().inject({ method: "POST", url: "/api/blocked-attempts", headers: { authorization: `Bearer ${token}` }, payload });
  };
}
