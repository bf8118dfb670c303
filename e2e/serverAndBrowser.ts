/**
 * The set-up most e2e files share: one built server on its own temporary database and one
 * Chromium for the whole file, started before its tests and stopped (the data directory
 * removed) after them, also when a test failed.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, removeDataDir, type RunningServer, startServer } from "./harness";

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

/** Registers the file's hooks; `onStarted` receives the server and the browser once both run. */
export function serverAndBrowserPerFile(onStarted: (started: ServerAndBrowser) => void): void {
  let started: Partial<ServerAndBrowser> = {};
  beforeAll(async () => {
    started.server = await startServer();
    started.browser = await launchBrowser();
    onStarted(started as ServerAndBrowser);
  });
  afterAll(async () => {
    const { server, browser } = started;
    started = {};
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });
}
