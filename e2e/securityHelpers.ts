/**
 * Helpers for the security suite: raw HTTP requests to the live server (the
 * path is sent byte for byte, never normalised the way `fetch`'s URL parser would), the
 * session cookie out of `Set-Cookie`, a read-only look into the SQLite file, and the `ws`
 * client of the API's devDependencies.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";

/** The session cookie's name (apps/api/src/plugins/session.ts). */
export const SESSION_COOKIE = "focus.sid";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Sent as is: `..`, `%2e`, backslashes stay what they are. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** A `name=value` cookie pair. */
  cookie?: string;
  /** The client's own loopback address (127.0.0.0/8): another client as far as the server can tell. */
  localAddress?: string;
}

/** One HTTP/1.1 request to `base` (http://host:port) with the path exactly as given. */
export function raw(base: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(base);
  const body = req.json === undefined ? undefined : JSON.stringify(req.json);
  const headers: Record<string, string> = { ...req.headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    // Node sends a DELETE's body unframed unless told its length.
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  if (req.cookie) headers.cookie = req.cookie;
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      { host: url.hostname, port: url.port, method: req.method ?? "GET", path: req.path, headers, agent: false, localAddress: req.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("latin1") }));
        res.on("error", reject);
      },
    );
    r.on("error", reject);
    r.end(body);
  });
}

/** The `Set-Cookie` line of the session cookie, or undefined when none was set. */
export function sessionSetCookie(res: RawResponse): string | undefined {
  return (res.headers["set-cookie"] ?? []).find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The `focus.sid=<value>` pair a browser would send back. @throws when no cookie was set. */
export function sessionCookie(res: RawResponse): string {
  const line = sessionSetCookie(res);
  if (!line) throw new Error(`no session cookie in the response (${res.status} ${res.body.slice(0, 200)})`);
  return line.split(";", 1)[0] ?? "";
}

/** The attributes of a `Set-Cookie` line, lower-cased names: `{ httponly: "", samesite: "Lax" }`. */
export function cookieAttributes(line: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const part of line.split(";").slice(1)) {
    const [name, ...value] = part.trim().split("=");
    attributes[(name ?? "").toLowerCase()] = value.join("=");
  }
  return attributes;
}

const apiRequire = createRequire(new URL("../apps/api/package.json", import.meta.url));

/** The slice of better-sqlite3 the suite uses. */
export interface SqliteDatabase {
  prepare(sql: string): { get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown };
  close(): void;
}

/** Runs `read` on the server's SQLite file opened read-only (WAL lets the server keep writing). */
export function readDatabase<T>(file: string, read: (db: SqliteDatabase) => T): T {
  const Database = apiRequire("better-sqlite3") as new (file: string, options: { readonly: boolean }) => SqliteDatabase;
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Runs `write` on the server's SQLite file opened read-write (test set-up the API cannot do quickly). */
export function writeDatabase<T>(file: string, write: (db: SqliteDatabase) => T): T {
  const Database = apiRequire("better-sqlite3") as new (file: string) => SqliteDatabase;
  const db = new Database(file);
  try {
    return write(db);
  } finally {
    db.close();
  }
}

/** What a websocket upgrade came to: opened, or refused with an HTTP status. */
export type UpgradeOutcome = { opened: true } | { opened: false; status: number };

interface WsClient {
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number, reason: Buffer) => void): void;
  on(event: "unexpected-response", listener: (req: unknown, res: { statusCode?: number; resume(): void }) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  close(): void;
  terminate(): void;
}

/** Tries a websocket upgrade with the given headers (the `ws` package from apps/api). */
export function tryUpgrade(url: string, headers: Record<string, string>): Promise<UpgradeOutcome> {
  const WebSocket = apiRequire("ws") as new (url: string, options: { headers: Record<string, string> }) => WsClient;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("open", () => {
      socket.close();
      resolve({ opened: true });
    });
    socket.on("unexpected-response", (_req, res) => {
      res.resume();
      socket.terminate();
      resolve({ opened: false, status: res.statusCode ?? 0 });
    });
    socket.on("error", (error) => reject(error));
  });
}

/** An open websocket: `closed` settles with the close code when the server ends it. */
export interface OpenSocket {
  closed: Promise<number>;
  close: () => void;
}

/** Opens a websocket with the given headers. @throws when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string>): Promise<OpenSocket> {
  const WebSocket = apiRequire("ws") as new (url: string, options: { headers: Record<string, string> }) => WsClient;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("open", () => resolve({ closed, close: () => socket.close() }));
    socket.on("unexpected-response", (_req, res) => {
      res.resume();
      reject(new Error(`upgrade refused with ${res.statusCode}`));
    });
    socket.on("error", reject);
  });
}
