/**
 * Many logged-in users for the websocket bench, without weakening the server:
 * - one user registers through `POST /api/register` (a real row: trial, dates, settings);
 * - the others are inserted into the SQLite file as copies of that row with their own
 *   username and email, and a password hashed by the app's own module
 *   (apps/api/src/security/password.ts) with cheap scrypt parameters (N=2^10) recorded in
 *   the hash, so logins verify in about a millisecond instead of ~0.3 s (OWASP N=2^17);
 * - every user logs in through `POST /api/login`, which is rate limited per IP (10 a minute),
 *   so logins come from many loopback source addresses (127.1.x.y), ten per address.
 * The server's configuration and code are untouched.
 */
import type BetterSqlite3 from "better-sqlite3";
import { join } from "node:path";
import { hashPassword } from "../apps/api/src/security/password";
import type { RunningServer } from "../e2e/harness";
import { apiRequire, loopbackAddress, mapLimit, requestJson } from "./lib/common";

const Database = apiRequire("better-sqlite3") as typeof BetterSqlite3;

export interface BenchUser {
  username: string;
  /** Session cookie (`focus.sid=…`). */
  cookie: string;
  /** The loopback address the user's connections come from. */
  localAddress: string;
}

const PASSWORD = "bench-password-1";
/** Logins per loopback address: the login route allows 10 per IP per minute. */
const LOGINS_PER_ADDRESS = 10;

export async function createUsers(server: RunningServer, count: number, log: (line: string) => void): Promise<BenchUser[]> {
  const prefix = `b${Date.now().toString(36)}`;
  const first = `${prefix}u0`;
  const registered = await requestJson(`${server.url}/api/register`, {
    body: { username: first, email: `${first}@example.com`, password: PASSWORD },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);

  const started = Date.now();
  const hash = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  const db = new Database(join(server.dataDir, "focus.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const template = db.prepare("SELECT * FROM users WHERE username = ?").get(first) as Record<string, unknown> | undefined;
    if (!template) throw new Error("the registered user is not in the database");
    const { id: _id, ...row } = template;
    const columns = Object.keys(row);
    const insert = db.prepare(`INSERT INTO users (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`);
    db.transaction(() => {
      for (let i = 1; i < count; i++) {
        const username = `${prefix}u${i}`;
        insert.run({ ...row, username, email: `${username}@example.com`, password_hash: hash });
      }
    })();
  } finally {
    db.close();
  }
  const users = await mapLimit(Array.from({ length: count }, (_, i) => i), 16, async (i): Promise<BenchUser> => {
    const username = `${prefix}u${i}`;
    const localAddress = loopbackAddress(i, LOGINS_PER_ADDRESS);
    if (i === 0) return { username, cookie: registered.cookie, localAddress };
    const login = await requestJson(`${server.url}/api/login`, { body: { username, password: PASSWORD }, localAddress });
    if (login.status !== 200 || !login.cookie) throw new Error(`login of ${username} failed: ${login.status} ${JSON.stringify(login.body)}`);
    return { username, cookie: login.cookie, localAddress };
  });
  log(`${count} users inserted and logged in from ${Math.ceil(count / LOGINS_PER_ADDRESS)} loopback addresses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return users;
}
