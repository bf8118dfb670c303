/**
 * A client process of the idle-socket memory bench: holds its share of idle authenticated
 * `/ws/timer` sockets, so the server's 10,000 sockets are not all in one client process
 * (each process may hold 20,000 file descriptors). Driven over IPC by bench/live.ts:
 * `{ type: "open", url, accounts, count }` → `{ type: "opened", opened, failed, refused, firstError }`;
 * `{ type: "close" }` → closes every socket and exits.
 */
import type WebSocketType from "ws";
import { closeSockets, openSockets, type SocketAccount } from "./lib/sockets";

type Command = { type: "open"; url: string; accounts: SocketAccount[]; count: number } | { type: "close" };

let sockets: WebSocketType[] = [];
let received = 0;

process.on("message", (command: Command) => {
  if (command.type === "open") {
    void openSockets(command.url, command.accounts, command.count).then(
      (result) => {
        sockets = result.sockets;
        for (const socket of sockets) socket.on("message", () => received++);
        process.send?.({ type: "opened", opened: sockets.length, failed: result.failed, refused: result.refused, firstError: result.firstError });
      },
      (error: unknown) => process.send?.({ type: "opened", opened: 0, failed: command.count, refused: 0, firstError: String(error) }),
    );
  } else if (command.type === "close") {
    void closeSockets(sockets).finally(() => {
      process.send?.({ type: "closed", received });
      process.disconnect?.();
      process.exit(0);
    });
  }
});
process.on("SIGTERM", () => process.exit(0));
console.log("ready");
