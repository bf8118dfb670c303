/**
 * Service worker entry (thin): wires the worker to Chrome. Listeners are
 * registered synchronously on every start, as MV3 requires, so a message or an alarm that
 * woke the worker is delivered.
 */
import { createApiClient } from "./api";
import { createChromeAdapter } from "./chromeAdapter";
import { appConfigFrom } from "./config";
import type { LiveSocket } from "./live";
import { createListeners } from "./messages";
import { createWorker } from "./worker";

function main(): void {
  const chrome = createChromeAdapter();
  const app = appConfigFrom(chrome.runtime.appMatches);
  const worker = createWorker({
    chrome,
    api: createApiClient((url, init) => fetch(url, init)),
    createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    now: Date.now,
    defaultAppUrl: app.appUrl,
  });
  const listeners = createListeners(worker, chrome.runtime.id, app.appOrigins);
  chrome.runtime.onMessageExternal(listeners.external);
  chrome.runtime.onMessage(listeners.internal);
  chrome.alarms.onAlarm((name) => void worker.onAlarm(name));
  chrome.navigation.onCommitted((page) => void worker.onTabPage(page));
  chrome.tabs.onUrlChanged((page) => void worker.onTabPage(page));
  void worker.start();
}

main();
