/**
 * What a page really transfers: every response's bytes on the wire (CDP `encodedDataLength`,
 * so after Content-Encoding), grouped by resource type. Used by the page-weight budget test
 * (pageWeight.e2e.ts) and the bench. The service worker is blocked: its precache would fetch
 * every chunk of the app on the first visit, which is not what the page needs to show.
 */
import type { Browser } from "playwright-core";

/** One file the page loaded. */
export interface TransferredFile {
  path: string;
  type: string;
  /** Bytes on the wire, headers excluded. */
  bytes: number;
  encoding: string | null;
}

export interface PageWeight {
  route: string;
  files: TransferredFile[];
  /** JavaScript transferred, bytes. */
  scriptBytes: number;
  /** Everything transferred, bytes. */
  totalBytes: number;
}

export interface WeighOptions {
  /** Register and sign in a new user before loading the page. */
  signedIn?: boolean;
  viewport?: { width: number; height: number };
}

/** Loads `route` in a fresh context (phone-sized by default) and sums what it transferred once the network is idle. */
export async function weighPage(browser: Browser, baseUrl: string, route: string, options: WeighOptions = {}): Promise<PageWeight> {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: options.viewport ?? { width: 390, height: 844 } });
  try {
    if (options.signedIn) {
      const username = `weigh${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const response = await context.request.post(`${baseUrl}/api/register`, {
        data: { username, email: `${username}@example.com`, password: "weigh-password-1" },
        headers: { origin: baseUrl },
      });
      if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const seen = new Map<string, { url: string; type: string; encoding: string | null }>();
    const files: TransferredFile[] = [];
    cdp.on("Network.responseReceived", (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      seen.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers["content-encoding"] ?? null });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const response = seen.get(event.requestId);
      if (!response || response.url.startsWith("data:")) return;
      files.push({ path: new URL(response.url).pathname, type: response.type, bytes: event.encodedDataLength, encoding: response.encoding });
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
    const landed = new URL(page.url()).pathname;
    if (landed !== route) throw new Error(`${route} ended on ${landed}`);
    files.sort((a, b) => b.bytes - a.bytes);
    const scripts = files.filter((f) => f.type === "Script");
    return {
      route,
      files,
      scriptBytes: scripts.reduce((n, f) => n + f.bytes, 0),
      totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    };
  } finally {
    await context.close();
  }
}
