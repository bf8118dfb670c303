/**
 * The server and Chromium shared by the browser sections (js, drift): the built API on a
 * throwaway database and Debian's Chromium with background-throttling switches left on
 * (Playwright turns them off by default), both stopped by the bench's cleanup.
 */
import type { Browser } from "playwright-core";
import { launchBrowser, removeDataDir, type RunningServer, startServer } from "../e2e/harness";
import { onCleanup } from "./lib/common";

/** Playwright's default switches that keep background pages from being throttled. */
export const UNTHROTTLE_SWITCHES = [
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export async function withBrowserServer(run: (server: RunningServer, browser: Browser) => Promise<void>): Promise<void> {
  const server = await startServer();
  const stopServer = onCleanup("browser bench server", async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });
  const browser = await launchBrowser({ ignoreDefaultArgs: UNTHROTTLE_SWITCHES });
  const closeBrowser = onCleanup("chromium", () => browser.close());
  try {
    await run(server, browser);
  } finally {
    await closeBrowser();
    await stopServer();
  }
}
