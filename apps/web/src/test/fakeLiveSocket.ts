import type { LiveMessage } from "@focus/core";
import { act } from "@testing-library/react";

/**
 * A WebSocket for `/ws/timer` that opens at once, records what the page sends, and lets the test
 * answer (`receive`). Stub it with `vi.stubGlobal("WebSocket", FakeLiveSocket)`; `last` is the newest.
 */
export class FakeLiveSocket {
  static last: FakeLiveSocket | null = null;
  readyState = 0;
  sent: LiveMessage[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor() {
    FakeLiveSocket.last = this;
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
