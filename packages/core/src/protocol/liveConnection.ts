import { assign, emit, fromCallback, sendTo, setup, type EventObject } from "xstate";
import { LIVE_HEARTBEAT_MS, LIVE_MAX_RECONNECT_ATTEMPTS, parseLiveMessage, reconnectDelayMs, type LiveMessage } from "./live";

/** The parts of a WebSocket the client uses (browser and extension service worker alike). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
type WebSocketFactory = (url: string) => WebSocketLike;

type SocketEvent = { type: "SOCKET.OPEN" } | { type: "SOCKET.MESSAGE"; message: LiveMessage } | { type: "SOCKET.CLOSED" };

/**
 * A socket as an actor: reports open, parsed messages and close; receives `{ type: "SEND" }`
 * to write a frame. Frames that do not parse are dropped (only the messages of `docs/api.md`).
 */
export function createSocketActor(factory: WebSocketFactory) {
  return fromCallback<EventObject, { url: string }, SocketEvent>(({ input, sendBack, receive }) => {
    let socket: WebSocketLike;
    try {
      socket = factory(input.url);
    } catch {
      sendBack({ type: "SOCKET.CLOSED" });
      return () => {};
    }
    socket.onopen = () => sendBack({ type: "SOCKET.OPEN" });
    socket.onmessage = (event) => {
      const message = typeof event.data === "string" ? parseLiveMessage(event.data) : null;
      if (message) sendBack({ type: "SOCKET.MESSAGE", message });
    };
    socket.onclose = () => sendBack({ type: "SOCKET.CLOSED" });
    socket.onerror = () => sendBack({ type: "SOCKET.CLOSED" });
    receive((event) => {
      if (event.type === "SEND" && socket.readyState === 1) socket.send(JSON.stringify((event as unknown as { message: LiveMessage }).message));
    });
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, "client closing");
    };
  });
}

interface LiveConnectionContext {
  url: string;
  /** Reconnect attempts since the last open connection. */
  attempt: number;
}

type LiveConnectionEvent =
  | SocketEvent
  | { type: "SEND"; message: LiveMessage }
  /** Try again after giving up (e.g. the user came back online). */
  | { type: "RETRY" }
  /**
   * The device lost its network (the browser's `offline` event): close the socket and stop
   * retrying until RETRY, so the status says disconnected at once instead of after a missed
   * heartbeat, and no reconnect attempts are spent while there is no network.
   */
  | { type: "NETWORK_LOST" };

type LiveConnectionEmitted =
  | { type: "message"; message: LiveMessage }
  /** The connection (re)opened: adapters send their current state (`docs/api.md`: on open). */
  | { type: "connected" };

/**
 * The live connection client (`docs/api.md`, Live sync): `connecting` → `open` (ping every
 * 20 s) → on close `waiting` for min(30 s, 2 s × 1.5^n) → `connecting` again, at most 10 times,
 * then `disconnected` until RETRY; NETWORK_LOST goes to `disconnected` at once. The socket is
 * the `socket` actor: provide it with `createSocketActor(factory)`. Messages arrive as
 * emitted `message` events; SEND writes one.
 */
export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
    input: {} as { url: string },
    emitted: {} as LiveConnectionEmitted,
  },
  actors: {
    socket: fromCallback<EventObject, { url: string }, SocketEvent>(({ sendBack }) => {
      sendBack({ type: "SOCKET.CLOSED" });
    }),
  },
  delays: {
    heartbeat: LIVE_HEARTBEAT_MS,
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt),
  },
  guards: {
    attemptsLeft: ({ context }) => context.attempt < LIVE_MAX_RECONNECT_ATTEMPTS,
    isPing: ({ event }) => event.type === "SOCKET.MESSAGE" && event.message.type === "ping",
  },
  actions: {
    forward: sendTo("socket", ({ event }) => event),
    // Stamped with this device's clock: the pong's answer is a clock sample (`clock.ts`).
    sendPing: sendTo("socket", () => ({ type: "SEND", message: { type: "ping", sentAt: Date.now() } })),
    sendPong: sendTo("socket", { type: "SEND", message: { type: "pong" } }),
    emitMessage: emit(({ event }) => ({
      type: "message" as const,
      message: (event as Extract<LiveConnectionEvent, { type: "SOCKET.MESSAGE" }>).message,
    })),
  },
}).createMachine({
  id: "liveConnection",
  context: ({ input }) => ({ url: input.url, attempt: 0 }),
  initial: "online",
  on: { NETWORK_LOST: ".disconnected" },
  states: {
    online: {
      invoke: { id: "socket", src: "socket", input: ({ context }) => ({ url: context.url }) },
      on: {
        "SOCKET.CLOSED": [{ guard: "attemptsLeft", target: "waiting" }, { target: "disconnected" }],
      },
      initial: "connecting",
      states: {
        connecting: {
          on: {
            "SOCKET.OPEN": {
              target: "open",
              actions: [assign({ attempt: 0 }), emit({ type: "connected" as const })],
            },
          },
        },
        open: {
          // A first clock sample at once, then one with every heartbeat.
          entry: "sendPing",
          initial: "idle",
          states: {
            idle: { after: { heartbeat: { target: "idle", reenter: true, actions: "sendPing" } } },
          },
          on: {
            SEND: { actions: "forward" },
            "SOCKET.MESSAGE": [
              { guard: "isPing", actions: "sendPong" },
              { actions: "emitMessage" },
            ],
          },
        },
      },
    },
    waiting: {
      after: {
        reconnectDelay: { target: "online", actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
      },
      on: { RETRY: { target: "online", actions: assign({ attempt: 0 }) } },
    },
    disconnected: {
      on: { RETRY: { target: "online", actions: assign({ attempt: 0 }) } },
    },
  },
});
