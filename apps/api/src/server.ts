/**
 * Entry point: loads the config, builds the app, listens, and closes gracefully on
 * SIGTERM/SIGINT. A bad configuration or a failed start prints one line and exits 1. Once it
 * listens it prints the port and the address people should open (`openAddress`).
 *
 * Graceful close (`app.close()`, checked by e2e/faults.e2e.ts): new requests are answered 503
 * (`return503OnClosing`) while the ones in flight finish (plugins/drain.ts keeps listening until
 * then, at most DRAIN_TIMEOUT_MS), live sockets are closed with 1001, idle keep-alive
 * connections are dropped, the database is closed, and the process exits 0; if that takes more
 * than CLOSE_TIMEOUT_MS it exits 1.
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { loadConfig } from "./env";

/** How long a graceful close may take before the process gives up, ms. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * The address to open the app at: PUBLIC_ORIGIN when set (the only origin whose pages may sign
 * in, `plugins/originCheck.ts`), else http://localhost:<port>.
 */
function openAddress(publicOrigin: string | null, port: number): string {
  return publicOrigin ?? `http://localhost:${port}`;
}

function fail(error: unknown): never {
  console.error(`Focus app failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error);
  }
  const app = buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    fail(error);
  }
  const { port } = app.server.address() as AddressInfo;
  console.log(`Focus app listening on port ${port}: open ${openAddress(config.publicOrigin, port)}`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), CLOSE_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while closing");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

void main();
