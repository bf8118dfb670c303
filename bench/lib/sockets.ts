/**
 * Opening many authenticated `/ws/timer` connections (session cookie, the app's Origin, the
 * user's loopback source address), with bounded concurrency and a few retries.
 */
import type WebSocketType from "ws";
import { apiRequire, mapLimit, sleep } from "./common";

export const WebSocket = apiRequire("ws") as typeof WebSocketType;

export interface SocketAccount {
  cookie: string;
  localAddress: string;
}

/** An upgrade answered with an HTTP status instead of a socket (e.g. 503 under pressure). */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    /** Retry-After, ms, when the server sent one. */
    readonly retryAfterMs: number | null,
  ) {
    super(`upgrade refused: HTTP ${status}`);
  }
}

/** Opens one socket; rejects on an HTTP refusal (UpgradeRefused), an error, or after 20 s. */
export function openSocket(url: string, account: SocketAccount): Promise<WebSocketType> {
  const http = new URL(url);
  const wsUrl = `${http.protocol === "https:" ? "wss" : "ws"}://${http.host}/ws/timer`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, {
      headers: { cookie: account.cookie, origin: http.origin },
      localAddress: account.localAddress,
      perMessageDeflate: false,
      handshakeTimeout: 20_000,
    });
    socket.once("open", () => {
      socket.off("error", reject);
      // Later errors end the socket; they are counted by whoever watches it.
      socket.on("error", () => undefined);
      resolve(socket);
    });
    socket.once("unexpected-response", (_req, res) => {
      socket.off("error", reject);
      socket.on("error", () => undefined);
      const retryAfter = Number(res.headers["retry-after"]);
      reject(new UpgradeRefused(res.statusCode ?? 0, Number.isFinite(retryAfter) ? retryAfter * 1000 : null));
      res.resume();
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

/** Tries per socket; a 503 (the server's overload guard) is retried after its Retry-After. */
const ATTEMPTS = 8;

/**
 * Opens `count` sockets, socket k for `accounts[k % accounts.length]`, at most `concurrency`
 * handshakes at once, each tried up to ATTEMPTS times with backoff (as the app's client
 * reconnects). Returns the open sockets, the sockets given up on, and the refusals met.
 */
export async function openSockets(
  url: string,
  accounts: readonly SocketAccount[],
  count: number,
  concurrency = 64,
): Promise<{ sockets: WebSocketType[]; failed: number; refused: number; firstError: string | null }> {
  let failed = 0;
  let refused = 0;
  let firstError: string | null = null;
  const results = await mapLimit(Array.from({ length: count }, (_, k) => k), concurrency, async (k) => {
    const account = accounts[k % accounts.length];
    if (!account) return null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        return await openSocket(url, account);
      } catch (error) {
        firstError ??= error instanceof Error ? error.message : String(error);
        if (error instanceof UpgradeRefused) refused++;
        const backoff = Math.min(4000, 250 * 2 ** attempt);
        await sleep(error instanceof UpgradeRefused && error.retryAfterMs !== null ? Math.min(error.retryAfterMs, 5000) : backoff);
      }
    }
    failed++;
    return null;
  });
  return { sockets: results.filter((s): s is WebSocketType => s !== null), failed, refused, firstError };
}

/** Closes every socket and waits (at most 10 s) for the closes to finish. */
export async function closeSockets(sockets: readonly WebSocketType[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 10_000);
          socket.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close(1000, "bench done");
        }),
    ),
  );
}
