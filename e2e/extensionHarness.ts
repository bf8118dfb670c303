/**
 * The extension in Chromium, as a user gets it: the package the app serves at
 * /focus-extension.zip, unpacked and loaded into a fresh persistent profile, with the blocked
 * sites served by one local HTTP server reached under test host names (`--host-resolver-rules`).
 * Shared by the extension, strict focus and Website Shield e2e files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EXTENSION_ZIP_PATH } from "@focus/core/protocol";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from "./harness";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
/** fflate, a dependency of the extension's build (not of the e2e folder). */
const { unzipSync } = createRequire(join(repoRoot, "apps/extension/package.json"))("fflate") as {
  unzipSync(data: Uint8Array): Record<string, Uint8Array>;
};

/** Downloads the extension from the app at `appUrl` and unpacks it into a fresh folder; returns the folder. */
export async function downloadExtension(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}${EXTENSION_ZIP_PATH}`);
  if (!response.ok) throw new Error(`${EXTENSION_ZIP_PATH} answered ${response.status}: ${await response.text()}`);
  const dir = mkdtempSync(join(tmpdir(), "focus-e2e-extension-"));
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer())))) {
    if (name.endsWith("/")) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return dir;
}

/** What the local site answers: an HTML page, or a body with its own content type (a service worker's script). */
export type TestSiteAnswer = string | { contentType: string; body: string };

/** A local site: every request answers `answer(request)`. */
export interface TestSite {
  port: number;
  /** `http://<host>:<port><path>`: the site under one of the test host names. */
  url(host: string, path?: string): string;
  close(): Promise<void>;
}

/** Starts the local site on a free port; `answer` gives each request's page (HTML unless it says otherwise). */
export async function startTestSite(answer: (request: IncomingMessage) => TestSiteAnswer): Promise<TestSite> {
  const server: Server = createServer((request, response) => {
    const answered = answer(request);
    const { contentType, body } = typeof answered === "string" ? { contentType: "text/html; charset=utf-8", body: answered } : answered;
    response.writeHead(200, { "content-type": contentType });
    response.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    url: (host, path = "/") => `http://${host}:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Chromium with the extension loaded, and what to remove afterwards. */
export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's id (its pages are `chrome-extension://<id>/…`). */
  extensionId: string;
  /** Closes the browser and removes its profile and the unpacked extension. */
  close(): Promise<void>;
}

/**
 * Launches Chromium (Debian's, headless, a fresh profile) with the unpacked extension in
 * `extensionDir` and each of `hosts` (and its subdomains) resolved to 127.0.0.1; resolves once
 * the extension's service worker runs. A host given with a `port` is reached on the default port
 * (`http://host/…`, as real sites are) and answered by 127.0.0.1 on that port. Each origin in
 * `secureOrigins` (`http://host`) counts as secure, so its pages can register a service worker
 * as an https site's can.
 */
export async function launchWithExtension(
  extensionDir: string,
  hosts: readonly (string | { host: string; port: number })[],
  { secureOrigins = [] }: { secureOrigins?: readonly string[] } = {},
): Promise<ExtensionBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), "focus-e2e-profile-"));
  const rules = hosts
    .flatMap((entry) => {
      const [host, target] = typeof entry === "string" ? [entry, "127.0.0.1"] : [entry.host, `127.0.0.1:${entry.port}`];
      return [`MAP ${host} ${target}`, `MAP *.${host} ${target}`];
    })
    .join(", ");
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 800 },
    // As `launchBrowser`'s contexts: no test is about an animation.
    reducedMotion: "reduce",
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--host-resolver-rules=${rules}`,
      ...(secureOrigins.length > 0 ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(",")}`] : []),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return {
    context,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
      rmSync(extensionDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` in a fresh tab of `context` and resolves with the tab where it ended up (the tab
 * stays open): the site, or the extension's blocked page after a redirect (which aborts the
 * original navigation, so its error is expected).
 */
export async function visitIn(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url).catch(() => undefined);
  await page.waitForLoadState("domcontentloaded");
  return page;
}

/** How long `closeTab` waits for a tab to close, ms. */
const CLOSE_TAB_WAIT_MS = 10_000;

/**
 * Closes `page`, giving up after CLOSE_TAB_WAIT_MS: on a loaded machine Chromium at times never
 * answers the close of a tab the extension redirected, and a test must not hang on a tab it has
 * done with (it is then left open until its browser closes).
 */
export async function closeTab(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([page.close().catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TAB_WAIT_MS)))]);
  clearTimeout(timer);
}
