/**
 * Service worker entry (thin): wires the worker to Chrome. Listeners are
 * registered synchronously on every start, as MV3 requires, so a message or an alarm that
 * woke the worker is delivered.
 */
import { createApiClient } from "./api";
import { createChromeAdapter } from "./chromeAdapter";
import { APP_ORIGINS, DEFAULT_APP_URL } from "./config";
import type { LiveSocket } from "./live";
import { createListeners } from "./messages";
import { createWorker } from "./worker";

function main(): void {
  const chrome = createChromeAdapter();
  const worker = createWorker({
    chrome,
    api: createApiClient((url, init) => fetch(url, init)),
    createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    now: Date.now,
    defaultAppUrl: DEFAULT_APP_URL,
  });
  const listeners = createListeners(worker, chrome.runtime.id, APP_ORIGINS);
  chrome.runtime.onMessageExternal(listeners.external);
  chrome.runtime.onMessage(listeners.internal);
  chrome.alarms.onAlarm((name) => void worker.onAlarm(name));
  void worker.start();
}

main();
