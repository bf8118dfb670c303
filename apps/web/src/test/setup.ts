import { beforeEach } from "vitest";
import { configure } from "@testing-library/react";

/**
 * Web test setup: the test DOM's WebSocket would try to reach a real server on localhost; tests
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
 * No test reaches a network: a test stubs `fetch` with the answers it means (test/render.tsx), and
 * a call none answers (a retry after the stub was removed) fails at once as offline, never
 * connecting to localhost:3000, where happy-dom would send it.
 */
globalThis.fetch = (input: RequestInfo | URL) =>
  Promise.reject(new TypeError(`Failed to fetch: web tests have no network (${input instanceof Request ? input.url : String(input)})`));

/**
 * findBy and waitFor queries give up after 60 s, not Testing Library's 1 s. The limit only guards
 * against a hang: a query returns as soon as the page shows what it waits for. On a loaded 2-core
 * machine (load average 20 to 30) the first render of a screen, which transforms and imports its
 * lazy route's modules, took over 5 s, and once over 30 s. No test may lean on this limit to make
 * something not happen: what depends on time passing runs on a controlled clock
 * (`vi.useFakeTimers`, `vi.setSystemTime`).
 */
configure({ asyncUtilTimeout: 60_000 });

/**
 * Each test starts on this machine's clock: a test that feeds the server clock a skewed sample
 * must not leave its offset to the next (the offset lives in a module and in localStorage).
 */
beforeEach(async () => (await import("@/runtime/serverClock")).resetServerClock());

// Who was signed in here is the browser's, not the test's: a test that loads a user must not
// make the next one's visitor look signed out elsewhere.
beforeEach(async () => {
  const { clearSignedOutNotice, forgetSignedIn } = await import("@/runtime/sessionEnded");
  forgetSignedIn();
  clearSignedOutNotice();
});
