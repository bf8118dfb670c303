/** Test helpers for `/ws/timer`: a listening app and a `ws` client that records what it receives. */
import type { AddressInfo } from "node:net";
import { EXTENSION_ID, type LiveMessage } from "@focus/core/protocol";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

/** Our Chrome extension's origin, the only extension origin the API accepts. */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** Another extension's origin (32 letters a-p, a well-formed id that is not ours). */
export const OTHER_EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

/** Starts listening on a free loopback port; returns the http and ws base URLs and the app's own origin. */
export async function listen(app: FastifyInstance): Promise<{ origin: string; wsBase: string }> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, wsBase: `ws://127.0.0.1:${port}` };
}

export interface LiveTestClient {
  ws: WebSocket;
  /** Every message received so far, parsed. */
  received: LiveMessage[];
  /** The next message not yet taken by `next` (waits up to `timeoutMs`). */
  next(timeoutMs?: number): Promise<LiveMessage>;
  /** Sends a message (an object is sent as JSON, a string or buffer as is). */
  send(message: object | string | Buffer): void;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** True when nothing more arrives within `ms`. */
  quiet(ms?: number): Promise<boolean>;
}

/** Opens a connection; rejects with `Error("refused <status> <body>")` when the upgrade is refused. */
export function connect(url: string, headers: Record<string, string>): Promise<LiveTestClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const received: LiveMessage[] = [];
    let taken = 0;
    const waiters: (() => void)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on("close", (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on("message", (data) => {
      received.push(JSON.parse(data.toString()) as LiveMessage);
      for (const wake of waiters.splice(0)) wake();
    });
    ws.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => reject(new Error(`refused ${response.statusCode} ${body}`)));
    });
    ws.on("error", (error) => reject(error));
    ws.on("open", () =>
      resolve({
        ws,
        received,
        closed,
        send: (message) => ws.send(typeof message === "string" || Buffer.isBuffer(message) ? message : JSON.stringify(message)),
        next: (timeoutMs = 2000) =>
          new Promise((done, fail) => {
            let settled = false;
            const take = () => {
              if (settled) return true;
              if (taken < received.length) {
                settled = true;
                clearTimeout(timer);
                done(received[taken++] as LiveMessage);
                return true;
              }
              return false;
            };
            const timer = setTimeout(() => {
              settled = true;
              fail(new Error(`no message within ${timeoutMs} ms`));
            }, timeoutMs);
            if (!take()) waiters.push(function retry() {
              if (!take()) waiters.push(retry);
            });
          }),
        quiet: async (ms = 150) => {
          const before = received.length;
          await new Promise((done) => setTimeout(done, ms));
          return received.length === before;
        },
      }),
    );
  });
}

/** The status and JSON body of a refused upgrade. */
export async function refusal(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  try {
    const client = await connect(url, headers);
    client.ws.close();
  } catch (error) {
    const match = /^refused (\d+) (.*)$/s.exec((error as Error).message);
    if (match) return { status: Number(match[1]), body: match[2] ? JSON.parse(match[2]) : null };
    throw error;
  }
  throw new Error("the upgrade was accepted");
}

/** Resolves once `check` is (or resolves) true, polling every 20 ms; rejects after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The next message of `type`, skipping others (e.g. the timer_update beside each account_timer); waits up to `timeoutMs` in all. */
export async function nextOfType<T extends LiveMessage["type"]>(client: LiveTestClient, type: T, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await client.next(Math.max(1, deadline - Date.now()));
    if (message.type === type) return message as Extract<LiveMessage, { type: T }>;
  }
}
