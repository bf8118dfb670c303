import type { LiveMessage } from "@focus/core/protocol";
import { act } from "@testing-library/react";

/**
 * A WebSocket for `/ws/timer` (or a room's `/ws/rooms/<slug>`) that opens at once, records what
 * the page sends, and lets the test answer (`receive`). Stub it with
 * `vi.stubGlobal("WebSocket", FakeLiveSocket)`; `last` is the newest, `to(path)` the newest whose
 * URL has that path, `reset()` forgets them all.
 */
export class FakeLiveSocket {
  static last: FakeLiveSocket | null = null;
  static all: FakeLiveSocket[] = [];

  /** The newest socket opened to a URL containing `path` (e.g. "/ws/timer"), if any. */
  static to(path: string): FakeLiveSocket | null {
    return FakeLiveSocket.all.findLast((socket) => socket.url.includes(path)) ?? null;
  }

  /** Forgets every socket (between tests). */
  static reset(): void {
    FakeLiveSocket.last = null;
    FakeLiveSocket.all = [];
  }

  readyState = 0;
  sent: LiveMessage[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url = "") {
    FakeLiveSocket.last = this;
    FakeLiveSocket.all.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text) as LiveMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  /** The server sends `message`. */
  receive(message: LiveMessage): void {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  /** Messages of `type` the page sent. */
  sentOf<T extends LiveMessage["type"]>(type: T): Extract<LiveMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<LiveMessage, { type: T }> => m.type === type);
  }
}
