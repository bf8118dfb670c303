import { beforeEach } from "vitest";
import { resetServerClock } from "@/runtime/serverClock";
import { configure } from "@testing-library/react";

/**
 * Web test setup: jsdom's WebSocket would try to reach a real server on localhost; tests
 * get one that never connects (the live connection's own behaviour is tested in core).
 */
class OfflineWebSocket {
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = OfflineWebSocket as unknown as typeof WebSocket;

/**
 * findBy and waitFor queries give up after 5 s, not Testing Library's 1 s: the first render of a screen
 * imports lazy route chunks, which on a loaded 2-core CI machine can take over a second.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * Each test starts on this machine's clock: a test that feeds the server clock a skewed sample
 * must not leave its offset to the next (the offset lives in a module and in localStorage).
 */
beforeEach(() => resetServerClock());
