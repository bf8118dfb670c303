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

/** Opens one socket; rejects on an HTTP refusal, an error, or after 20 s. */
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
      reject(new Error(`upgrade refused: HTTP ${res.statusCode}`));
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

/**
 * Opens `count` sockets, socket k for `accounts[k % accounts.length]`, at most `concurrency`
 * handshakes at once, each tried up to 3 times. Returns the open sockets and the failures.
 */
export async function openSockets(
  url: string,
  accounts: readonly SocketAccount[],
  count: number,
  concurrency = 64,
): Promise<{ sockets: WebSocketType[]; failed: number; firstError: string | null }> {
  let failed = 0;
  let firstError: string | null = null;
  const results = await mapLimit(Array.from({ length: count }, (_, k) => k), concurrency, async (k) => {
    const account = accounts[k % accounts.length];
    if (!account) return null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        return await openSocket(url, account);
      } catch (error) {
        firstError ??= error instanceof Error ? error.message : String(error);
        await sleep(200 * (attempt + 1));
      }
    }
    failed++;
    return null;
  });
  return { sockets: results.filter((s): s is WebSocketType => s !== null), failed, firstError };
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
