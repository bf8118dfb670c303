/** Test helpers for `/ws/timer`: a listening app and a `ws` client that records what it receives. */
import type { AddressInfo } from "node:net";
import { EXTENSION_ID, type LiveMessage } from "@focus/core/protocol";
import type { AccountTimer, TimerCommand } from "@focus/core/timer";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

/** How long a test waits for a message it expects before failing: a guard against a hang, not a measurement. */
export const MESSAGE_WAIT_MS = 10_000;

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
  /**
   * The next message not yet taken by `next`, waiting up to `timeoutMs` (10 s by default: only a
   * guard against a hang, so a loaded machine makes a test slower, never red).
   */
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
        next: (timeoutMs = MESSAGE_WAIT_MS) =>
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
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = MESSAGE_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The next message of `type`, skipping others (e.g. the timer_update beside each account_timer); waits up to `timeoutMs` in all. */
export async function nextOfType<T extends LiveMessage["type"]>(client: LiveTestClient, type: T, timeoutMs = MESSAGE_WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await client.next(Math.max(1, deadline - Date.now()));
    if (message.type === type) return message as Extract<LiveMessage, { type: T }>;
  }
}

/**
 * The account's timer once `check` holds for it: the one `greeting` already holds (the timer the
 * device was greeted with), else the next `account_timer` that does. A session set to end a moment
 * after the test saved it may have ended before or after the device connected, as the machine's
 * load decides; either way the device sees it.
 */
export async function timerOnce(
  device: { socket: LiveTestClient; timer: AccountTimer },
  check: (timer: AccountTimer) => boolean,
): Promise<AccountTimer> {
  if (check(device.timer)) return device.timer;
  for (;;) {
    const { timer } = await nextOfType(device.socket, "account_timer");
    if (check(timer)) return timer;
  }
}

let commandIds = 0;
/** A fresh command id (a UUID shape, counting up across a test file). */
export function newCommandId(): string {
  commandIds += 1;
  return `00000000-0000-4000-8000-${String(commandIds).padStart(12, "0")}`;
}

/** A test app listening on a loopback port, with its origin and `/ws/timer` URL. */
export interface ListeningTestApp<T extends { app: FastifyInstance; close(): Promise<void> }> {
  t: T;
  origin: string;
  url: string;
}

/**
 * Devices on the account's timer, for one describe block: before each test a fresh app from
 * `createApp`, listening; `device(cookie)` opens a signed-in socket and resolves with the timer it
 * was greeted with; `send(socket, baseVersion, ...commands)` sends commands from a device that has
 * seen `baseVersion` and resolves with the reply it gets (the first `account_timer` with
 * `replies`). Every socket is closed and the app stopped after each test.
 */
export function accountTimerDevices<T extends { app: FastifyInstance; close(): Promise<void> }>(createApp: () => Promise<T>, hooks: { beforeEach: (fn: () => Promise<void>) => void; afterEach: (fn: () => Promise<void>) => void }) {
  let current: ListeningTestApp<T> | null = null;
  const open: LiveTestClient[] = [];
  hooks.beforeEach(async () => {
    const t = await createApp();
    const listening = await listen(t.app);
    current = { t, origin: listening.origin, url: `${listening.wsBase}/ws/timer` };
  });
  hooks.afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await current?.t.close();
    current = null;
  });
  const running = (): ListeningTestApp<T> => {
    if (!current) throw new Error("accountTimerDevices: used outside a test");
    return current;
  };
  return {
    get t(): T {
      return running().t;
    },
    get origin(): string {
      return running().origin;
    },
    get url(): string {
      return running().url;
    },
    async device(cookie: string) {
      const socket = await connect(running().url, { cookie, origin: running().origin });
      open.push(socket);
      const { timer } = await nextOfType(socket, "account_timer");
      return { socket, timer };
    },
    async send(socket: LiveTestClient, baseVersion: number, ...commands: TimerCommand[]) {
      socket.send({ type: "timer_commands", baseVersion, commands: commands.map((command) => ({ id: newCommandId(), command, at: Date.now() })) });
      for (;;) {
        const message = await nextOfType(socket, "account_timer");
        if (message.replies) return message;
      }
    },
  };
}
