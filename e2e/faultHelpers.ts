/**
 * Helpers of the fault and load suite (faults.e2e.ts): raw HTTP over
 * node:http (any body, any content type, a chosen loopback source address so per-IP rate
 * limits can be spread), `ws` and `better-sqlite3` borrowed from the API's dependencies, users
 * made through the real API, and process signals with their exit.
 */
import type { ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { SharedTimerState } from "@focus/core/protocol";
import { afterEach, expect } from "vitest";
import { removeDataDir, startServer, type RunningServer } from "./harness";

/** Resolves the API's own dependencies (the e2e folder has no package of its own). */
const apiRequire = createRequire(fileURLToPath(new URL("../apps/api/package.json", import.meta.url)));

/** The parts of a `ws` WebSocket the suite uses (also a core `WebSocketLike`). */
export interface WsSocket {
  readonly readyState: number;
  send(data: string | Buffer, callback?: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: "open", listener: () => void): this;
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: "close", listener: (code: number, reason: Buffer) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
  off(event: "message", listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: "unexpected-response", listener: (req: unknown, res: { statusCode?: number }) => void): this;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
type WsConstructor = new (url: string, options: { headers: Record<string, string>; localAddress?: string }) => WsSocket;
/** `ws`'s WebSocket class. */
export const WebSocket = apiRequire("ws") as WsConstructor;

/** The parts of a better-sqlite3 database the suite uses. */
export interface SqliteDatabase {
  pragma(source: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown };
  close(): void;
}
type SqliteConstructor = new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean }) => SqliteDatabase;
/** better-sqlite3's Database class. */
export const Sqlite = apiRequire("better-sqlite3") as SqliteConstructor;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Loopback source address (127.0.0.x), so the server sees another client IP. */
  localAddress?: string;
  timeoutMs?: number;
  /** Called once the whole request has been handed to the operating system. */
  onSent?: () => void;
}

/** One HTTP request on a fresh connection; rejects with the socket error (e.g. ECONNREFUSED). */
export function raw(url: string, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
    const req = httpRequest(
      url,
      { method: options.method ?? "GET", headers, agent: false, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${options.method ?? "GET"} ${url}`)));
    req.on("error", reject);
    if (options.onSent) req.once("finish", options.onSent);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(response: RawResponse): string {
  const set = response.headers["set-cookie"];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.map((line) => line.split(";")[0]).join("; ");
}

/** The nth extra loopback address (127.0.0.2 …), a distinct client IP for rate limits. */
export function loopback(n: number): string {
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;
}

export interface TestUser {
  username: string;
  password: string;
  cookie: string;
}

let userCounter = 0;

/** Registers a user through the API from `localAddress`; returns its session cookie. */
export async function registerUser(server: RunningServer, localAddress: string, prefix = "fault"): Promise<TestUser> {
  userCounter += 1;
  const username = `${prefix}${userCounter}${Math.random().toString(36).slice(2, 8)}`;
  const password = "correct-horse-battery";
  const res = await raw(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ username, password, email: `${username}@example.com` }),
    localAddress,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body}`);
  return { username, password, cookie: cookieOf(res) };
}

/** Sends `signal` and resolves with how the process ended and how long it took, ms. */
export function signalAndWait(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
      return;
    }
    child.once("exit", (code, sig) => resolve({ code, signal: sig, ms: Date.now() - started }));
    child.kill(signal);
  });
}

/** SIGKILLs a server if it still runs (afterEach/afterAll: never leave a process behind). */
export async function killServer(server: RunningServer | null | undefined): Promise<void> {
  if (!server) return;
  await signalAndWait(server.process, "SIGKILL");
}

/** Opens a cookie-authenticated `/ws/timer` socket; resolves once open. */
export function openLiveSocket(server: RunningServer, cookie: string): Promise<WsSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/timer`, {
      headers: { cookie, origin: server.url },
    });
    socket.on("open", () => resolve(socket));
    socket.on("error", reject);
    socket.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Resolves with the next text frame of `socket` that `accept` accepts, or rejects after `ms`. */
export function nextMessage(socket: WsSocket, accept: (message: unknown) => boolean, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const listener = (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString("utf8"));
      } catch {
        return;
      }
      if (accept(message)) {
        clearTimeout(timer);
        socket.off("message", listener);
        resolve(message);
      }
    };
    const timer = setTimeout(() => {
      socket.off("message", listener);
      reject(new Error("no matching message"));
    }, ms);
    socket.on("message", listener);
  });
}

/** Resolves with the close code of `socket`, or rejects after `ms`. */
export function closeCode(socket: WsSocket, ms = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.readyState === 3) return reject(new Error("socket already closed"));
    const timer = setTimeout(() => reject(new Error("socket not closed")), ms);
    socket.on("close", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A valid shared timer state (core's `sharedTimerStateSchema`). */
export function timerState(currentTime: number): SharedTimerState {
  return { isActive: false, currentTime, mode: "focus", progress: 0, endsAt: null };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON answer's body. */
export const json = <T>(res: RawResponse): T => JSON.parse(res.body) as T;

/**
 * The servers and sockets of a fault test file, ended after each test whatever happened (call
 * once at the top of the file): `start` starts a server (killed and its data removed after the
 * test), `sockets` takes sockets to terminate, `expectNoErrorLogs` checks that no server the
 * test started logged at error or fatal level (pino 50, 60: a swallowed failure). A client's
 * own fault (a frame over the cap, closed with 1009) is logged at info, so it counts here too.
 */
export function useFaultServers() {
  const started: RunningServer[] = [];
  const sockets: WsSocket[] = [];
  const dataDirs = new Set<string>();
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await Promise.all(started.splice(0).map((server) => killServer(server)));
    for (const dir of dataDirs) removeDataDir(dir);
    dataDirs.clear();
  });
  const errorLines = (server: RunningServer) =>
    server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)\b/.test(line));
  return {
    sockets,
    start: async (options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> => {
      const server = await startServer(options);
      started.push(server);
      dataDirs.add(server.dataDir);
      return server;
    },
    expectNoErrorLogs: (): void => {
      for (const server of started) expect(errorLines(server)).toEqual([]);
    },
  };
}
