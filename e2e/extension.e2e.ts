import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { EXTENSION_ID, EXTENSION_VERSION, EXTENSION_ZIP_PATH } from "@focus/core/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sqlite } from "./faultHelpers";
import { downloadExtension, launchWithExtension, startTestSite, visitIn, type ExtensionBrowser, type TestSite } from "./extensionHarness";
import { resumeForLastMs } from "./accountTimerHelpers";
import { registerOverApi, removeDataDir, startServer, uniqueName, type RunningServer, saveScreenshot, showAppTab } from "./harness";

/** The extension APIs used inside extension pages (page.evaluate). */
declare const chrome: {
  runtime: { getManifest(): { externally_connectable?: { matches: string[] } } };
  action: { getBadgeText(details: object): Promise<string>; getBadgeBackgroundColor(details: object): Promise<[number, number, number, number]> };
  storage: { local: { get(keys: string | string[]): Promise<Record<string, unknown>> } };
  declarativeNetRequest: { getDynamicRules(): Promise<unknown[]> };
};

/**
 * The Chrome extension end to end: the zip `pnpm build` packed (its manifest and
 * files, served as is), then Debian Chromium with the extension loaded, a user who pairs it
 * from the /extension page, blocks a site, runs a focus session, pauses, resets and starts it
 * from the popup, has the service worker stopped mid-session, unlinks the browser and pairs it
 * again from Website Shield. The blocked site is a local server reached as
 * blocked-test.example through --host-resolver-rules; the same server, at 127.0.0.1, plays a
 * web page that tries to frame, open or fetch the blocked page to forge blocked attempts.
 *
 * The extension pairs only with the exact app origins its manifest names (port included). The
 * browser loads the package a user downloads from the server's /focus-extension.zip on
 * 127.0.0.1:4123 (a deployment the build knew nothing about): the server writes its own origin
 * into the manifest, so it pairs without a rebuild.
 */
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const extensionRoot = join(repoRoot, "apps/extension");
const builtZip = join(extensionRoot, "dist/focus-extension.zip");
/** fflate, a dependency of the extension's build (not of the e2e folder). */
const { unzipSync } = createRequire(join(extensionRoot, "package.json"))("fflate") as {
  unzipSync(data: Uint8Array): Record<string, Uint8Array>;
};
const SITE = "blocked-test.example";

let server: RunningServer;
let site: TestSite;
/** Chromium with the package downloaded from the server, unpacked. */
let browser: ExtensionBrowser;
let context: BrowserContext;
let app: Page;
let extensionId: string;

/** The blocked page's address prefix. */
const blockedPage = () => `chrome-extension://${extensionId}/blocked/blocked.html`;
const popupUrl = () => `chrome-extension://${extensionId}/popup/popup.html`;
const siteUrl = (host = SITE, path = "/") => site.url(host, path);

/** The server's port: a deployment at an address no build names. */
const APP_PORT = 4123;

beforeAll(async () => {
  server = await startServer({ port: APP_PORT });
  const extensionDir = await downloadExtension(server.url);
  site = await startTestSite((req) => `<!doctype html><title>Blocked test site</title><h1>Blocked test site</h1><p>${req.headers.host ?? ""}</p>`);
  browser = await launchWithExtension(extensionDir, [SITE]);
  ({ context, extensionId } = browser);
  app = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await site?.close();
});


/** Opens `url` in a fresh tab of the extension's browser; where it ended up (the tab stays open). */
const visit = (url: string) => visitIn(context, url);

/** Whether a visit to `url` lands on the blocked page (polled: the timer update travels through the server). */
async function expectBlocked(url: string, domain = SITE) {
  await expect
    .poll(
      async () => {
        const page = await visit(url);
        const landed = page.url();
        await page.close();
        return landed;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toMatch(blockedPagePattern(domain));
}

/** The address the rules redirect a visit of `domain` to: the blocked page with the session end, the entry that matched and the rule set's key. */
function blockedPagePattern(domain = SITE, entry = domain): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`^${escape(blockedPage())}\\?domain=${escape(domain)}&endsAt=\\d+&entry=${escape(encodeURIComponent(entry))}&key=[0-9a-f]{32}$`);
}

/** The blocked attempts the server counted for `domain`. */
async function attemptsFor(domain = SITE): Promise<number> {
  const summary = (await (await app.request.get(`${server.url}/api/blocked-attempts/summary`)).json()) as {
    perSite: { domain: string; count: number }[];
  };
  return summary.perSite.find((s) => s.domain === domain)?.count ?? 0;
}

async function expectNotBlocked(url: string) {
  await expect
    .poll(
      async () => {
        const page = await visit(url);
        const result = page.url().startsWith("chrome-extension://") ? "blocked" : await page.locator("h1").textContent();
        await page.close();
        return result;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe("Blocked test site");
}

/** The extension's badge text, read from an extension page (the popup). */
async function badgeText(popup: Page): Promise<string> {
  return popup.evaluate(() => chrome.action.getBadgeText({}));
}

/** The extension's service-worker targets, from the browser's CDP target list. */
async function extensionWorkers(page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
  await cdp.detach();
  return targetInfos.filter((t) => t.type === "service_worker" && t.url.startsWith(`chrome-extension://${extensionId}/`)).map((t) => t.url);
}

/** Where `ref` (a path in `from`, a file inside the zip) points inside the zip. */
function resolveInZip(from: string, ref: string): string {
  return ref.startsWith("/") ? ref.slice(1) : posix.join(posix.dirname(from), ref);
}

describe("the extension zip `pnpm build` packed", () => {
  it("is MV3, version 1.4.0, for the default app origins, with every file its manifest and pages name, and the server serves it made for its own origin", async () => {
    if (!existsSync(builtZip)) throw new Error(`${builtZip} is missing: run \`pnpm build\` before the end-to-end tests`);
    const bytes = readFileSync(builtZip);
    const files = unzipSync(new Uint8Array(bytes));
    const names = Object.keys(files);
    const text = (name: string) => {
      const file = files[name];
      if (!file) throw new Error(`${name} is not in ${builtZip}`);
      return new TextDecoder().decode(file);
    };
    const manifest = JSON.parse(text("manifest.json")) as {
      manifest_version: number;
      version: string;
      background: { service_worker: string };
      action: { default_popup: string };
      icons: Record<string, string>;
      web_accessible_resources: { resources: string[]; use_dynamic_url?: boolean }[];
      externally_connectable: { matches: string[] };
      content_security_policy: { extension_pages: string };
    };
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe("1.4.0");
    expect(EXTENSION_VERSION).toBe("1.4.0");
    expect(manifest.externally_connectable.matches).toEqual(["http://localhost:3000/*", "http://127.0.0.1:3000/*"]);
    expect(manifest.background).toEqual({ service_worker: "background.js", type: "module" });
    expect(manifest.action.default_popup).toBe("popup/popup.html");
    const blockedPageFile = "blocked/blocked.html";
    expect(manifest.web_accessible_resources[0]?.resources).toContain(blockedPageFile);
    // Reachable from web pages only through the dynamic URL Chrome makes each session, never framed.
    expect(manifest.web_accessible_resources.map((entry) => entry.use_dynamic_url)).toEqual([true]);
    expect(manifest.content_security_policy.extension_pages).toContain("frame-ancestors 'none'");
    for (const name of [manifest.background.service_worker, manifest.action.default_popup, blockedPageFile, ...Object.values(manifest.icons)]) {
      expect(names, name).toContain(name);
    }
    // What the two pages load (scripts, styles) and every module the scripts import is inside.
    for (const page of [manifest.action.default_popup, blockedPageFile]) {
      const refs = [...text(page).matchAll(/\s(?:src|href)="([^"#:]+)"/g)].map((m) => resolveInZip(page, m[1] ?? ""));
      expect(refs.filter((ref) => ref.endsWith(".js")), page).not.toEqual([]);
      for (const ref of refs) expect(names, `${ref} (from ${page})`).toContain(ref);
    }
    for (const script of names.filter((name) => name.endsWith(".js"))) {
      for (const m of text(script).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
        const ref = resolveInZip(script, m[1] ?? "");
        expect(names, `${ref} (imported by ${script})`).toContain(ref);
      }
    }

    // The running server hands out these files, the manifest naming its origin instead.
    const served = await fetch(`${server.url}${EXTENSION_ZIP_PATH}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/zip");
    const servedFiles = unzipSync(new Uint8Array(await served.arrayBuffer()));
    expect(Object.keys(servedFiles).sort()).toEqual([...names].sort());
    for (const name of names.filter((n) => n !== "manifest.json")) {
      expect(Buffer.from(servedFiles[name] ?? []).equals(Buffer.from(files[name] ?? [])), name).toBe(true);
    }
    const servedManifest = JSON.parse(new TextDecoder().decode(servedFiles["manifest.json"])) as typeof manifest & { host_permissions: string[] };
    expect(servedManifest.externally_connectable.matches).toEqual([`http://127.0.0.1:${APP_PORT}/*`]);
    expect(servedManifest.host_permissions).toEqual([`http://127.0.0.1:${APP_PORT}/*`, "<all_urls>"]);
    expect({ ...servedManifest, externally_connectable: manifest.externally_connectable, host_permissions: undefined }).toEqual({
      ...manifest,
      host_permissions: undefined,
    });
  });
});

describe("Chrome extension", () => {
  it("loads with the id the web app addresses", () => {
    expect(extensionId).toBe(EXTENSION_ID);
  });

  it("can be reached from the app's origin only, not from another port of the same host", async () => {
    const popup = await context.newPage();
    await popup.goto(popupUrl());
    expect(await popup.evaluate(() => chrome.runtime.getManifest().externally_connectable?.matches)).toEqual([`${server.url}/*`]);
    await popup.close();
    const messaging = (page: Page) =>
      page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime?.sendMessage);
    await app.goto(`${server.url}/extension`);
    expect(await messaging(app)).toBe("function");
    const otherPort = await visit(`http://127.0.0.1:${site.port}/`);
    expect(await otherPort.locator("h1").textContent()).toBe("Blocked test site");
    expect(await messaging(otherPort)).toBe("undefined");
    await otherPort.close();
  });

  it("pairs from the /extension page as a linked device and fetches the blocklist itself", async () => {
    await registerOverApi(app, server.url, uniqueName("ext"));
    await showAppTab(app, "block");
    await app.getByLabel("Website to block").fill(SITE);
    await app.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => app.getByText("Website added to blocklist").count()).toBeGreaterThan(0);

    await app.goto(`${server.url}/extension`);
    await expect.poll(() => app.getByTestId("extension-status").textContent()).toContain("not paired with this account yet");
    await app.getByRole("button", { name: "Pair this browser's extension" }).click();
    await expect.poll(() => app.getByText("Extension paired").count()).toBeGreaterThan(0);
    await expect.poll(() => app.getByTestId("extension-status").textContent(), { timeout: 20_000 }).toMatch(/^Extension 1\.4\.0 in this browser: (Connecting|Linked)\.$/);
    await app.goto(`${server.url}/app`);
    await showAppTab(app, "block");
    await expect.poll(() => app.getByRole("list", { name: "Paired browsers" }).textContent()).toContain("Chrome extension");
    const devices = (await (await app.request.get(`${server.url}/api/linked-devices`)).json()) as { name: string }[];
    expect(devices.map((d) => d.name)).toEqual(["Chrome extension"]);

    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(popupUrl());
    await expect.poll(() => popup.locator("#link-status").textContent()).toBe("Linked");
    const stored = await popup.evaluate(() => chrome.storage.local.get(["pairing", "blocklist"]));
    expect(stored.blocklist).toMatchObject({ entries: [SITE] });
    expect(stored.pairing).toMatchObject({ apiOrigin: server.url, paused: false });
    expect(await badgeText(popup)).toBe("");
    await popup.close();

    // Not blocked outside a focus session.
    await expectNotBlocked(siteUrl());
  });

  it("blocks the site and its subdomains during a focus session, and redirects a tab already open", async () => {
    const openTab = await visit(siteUrl(`news.${SITE}`, "/already-open"));
    expect(await openTab.locator("h1").textContent()).toBe("Blocked test site");

    await showAppTab(app, "timer");
    await app.getByRole("button", { name: "Start Focus" }).click();

    await expect.poll(() => openTab.url(), { timeout: 20_000 }).toContain(`${blockedPage()}?domain=${SITE}&endsAt=`);
    expect(openTab.url()).toContain("reason=open-tab");
    await expectBlocked(siteUrl());
    await expectBlocked(siteUrl(`www.${SITE}`, "/watch?v=1"));
    await expectBlocked(siteUrl(`deep.sub.${SITE}`));
    await openTab.close();

    const blocked = await visit(siteUrl(SITE, "/distraction"));
    await expect.poll(() => blocked.getByTestId("blocked-domain").textContent()).toBe(SITE);
    await expect.poll(() => blocked.getByTestId("blocked-time-left").textContent()).toMatch(/^2[45]:\d\d$/);
    await expect(blocked.getByTestId("blocked-heading").textContent()).resolves.toBe("Blocked during your focus session");
    await saveScreenshot(blocked, "extension-blocked-page");
    await blocked.emulateMedia({ colorScheme: "dark" });
    await saveScreenshot(blocked, "extension-blocked-page-dark");
    expect(await blocked.getByRole("button", { name: "Go back" }).isVisible()).toBe(true);
    await blocked.close();

    // Each stopped visit was counted (the tab open at the start was not).
    await expect
      .poll(async () => {
        const summary = (await (await app.request.get(`${server.url}/api/blocked-attempts/summary`)).json()) as {
          perSite: { domain: string; count: number }[];
          perSession: { count: number }[];
        };
        return summary.perSite.find((s) => s.domain === SITE)?.count ?? 0;
      })
      .toBeGreaterThanOrEqual(4);

    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(popupUrl());
    await expect.poll(() => popup.getByTestId("popup-display").textContent()).toMatch(/^2[45]:\d\d$/);
    await expect.poll(() => popup.locator("#mode").textContent()).toBe("Focus");
    await expect.poll(() => popup.locator("#primary").textContent()).toBe("Pause");
    await expect.poll(() => badgeText(popup)).toMatch(/^2[45]$/);
    await saveScreenshot(popup, "extension-popup-running");
    await popup.emulateMedia({ colorScheme: "dark" });
    await saveScreenshot(popup, "extension-popup-running-dark");
    await popup.close();
  });

  it("counts no blocked attempt for a web page that frames, opens or fetches the blocked page, nor for the page opened without its redirect's key", async () => {
    // The attempts of the earlier visits have all arrived: a blocked visit now reports after
    // them, and once its attempt is counted, the count is where this test starts from.
    const counted = await attemptsFor();
    const sentinel = await visit(siteUrl(SITE, "/before-forgeries"));
    expect(sentinel.url()).toMatch(blockedPagePattern());
    await expect.poll(() => sentinel.getByTestId("blocked-domain").textContent()).toBe(SITE);
    await sentinel.close();
    await expect.poll(() => attemptsFor(), { timeout: 20_000 }).toBeGreaterThanOrEqual(counted + 1);
    const before = await attemptsFor();
    expect(before).toBeGreaterThanOrEqual(5);

    const forged = `${blockedPage()}?domain=${SITE}&endsAt=${Date.now() + 20 * 60_000}`;
    const guessed = `${forged}&key=${"0123456789abcdef".repeat(2)}`;
    const attacker = await visit(`http://127.0.0.1:${site.port}/forge`);
    expect(await attacker.locator("h1").textContent()).toBe("Blocked test site");

    // The extension's files cannot even be fetched, so the page cannot tell the extension is there.
    const fetched = await attacker.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url).then(
              () => "fetched",
              () => "refused",
            ),
          ),
        ),
      [forged, `chrome-extension://${extensionId}/icons/icon-16.png`],
    );
    expect(fetched).toEqual(["refused", "refused"]);

    // Framed: Chrome refuses to load the page into the frames.
    await attacker.evaluate(
      (urls) =>
        Promise.all(
          urls.map(
            (url) =>
              new Promise((resolve) => {
                const frame = document.createElement("iframe");
                frame.onload = resolve;
                setTimeout(resolve, 3000);
                frame.src = url;
                document.body.append(frame);
              }),
          ),
        ),
      [forged, guessed],
    );
    const frames = attacker.frames().filter((frame) => frame !== attacker.mainFrame());
    expect(frames).toHaveLength(2);
    for (const frame of frames) expect(frame.url()).not.toMatch(/^chrome-extension:/);

    // Opened in a new window, or navigated to from the page: refused as well.
    const [opened] = await Promise.all([context.waitForEvent("page"), attacker.evaluate((url) => void window.open(url), guessed)]);
    await opened.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(opened.url()).not.toMatch(/^chrome-extension:/);
    await opened.close();
    await attacker.evaluate((url) => void (location.href = url), guessed).catch(() => undefined);
    await attacker.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(attacker.url()).not.toMatch(/^chrome-extension:/);
    await attacker.close();

    // Typed into the address bar (the browser opens it), without the key or with a guessed one:
    // the page shows, but counts nothing.
    for (const url of [forged, guessed]) {
      const page = await visit(url);
      expect(page.url()).toBe(url);
      await expect.poll(() => page.getByTestId("blocked-domain").textContent()).toBe(SITE);
      await page.close();
    }

    // A real blocked visit still counts, and it is the only new one.
    const blocked = await visit(siteUrl(SITE, "/after-forgeries"));
    expect(blocked.url()).toMatch(blockedPagePattern());
    await expect.poll(() => blocked.getByTestId("blocked-domain").textContent()).toBe(SITE);
    await blocked.close();
    await expect.poll(() => attemptsFor(), { timeout: 20_000 }).toBe(before + 1);
    // And a second one, sent after every forgery's page had long reported whatever it would: once
    // it has arrived, the count is exactly two more.
    const again = await visit(siteUrl(SITE, "/after-forgeries-again"));
    expect(again.url()).toMatch(blockedPagePattern());
    await expect.poll(() => again.getByTestId("blocked-domain").textContent()).toBe(SITE);
    await again.close();
    await expect.poll(() => attemptsFor(), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
    expect(await attemptsFor()).toBe(before + 2);
  });

  it("pauses, resets and starts the web app's timer from the popup, blocking only while it runs", async () => {
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(popupUrl());
    await expect.poll(() => popup.locator("#primary").textContent()).toBe("Pause");
    await popup.locator("#primary").click();
    // The command went through the server to the web app, whose timer paused: both offer Resume.
    await expect.poll(() => app.getByRole("button", { name: "Resume" }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => popup.locator("#primary").textContent()).toBe("Resume");
    await expectNotBlocked(siteUrl());
    await expectNotBlocked(siteUrl(`www.${SITE}`));

    // Reset: the paused session (some seconds in) goes back to a full 25:00, in both places.
    expect(await app.getByTestId("timer-display").textContent()).not.toBe("25:00");
    await popup.locator("#reset").click();
    await expect.poll(() => app.getByTestId("timer-display").textContent(), { timeout: 20_000 }).toBe("25:00");
    await expect.poll(() => popup.getByTestId("popup-display").textContent()).toBe("25:00");
    await expectNotBlocked(siteUrl());

    // Start: the web app's timer runs again, and the site is blocked again.
    await popup.locator("#primary").click();
    await expect.poll(() => app.getByRole("button", { name: "Pause" }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => popup.locator("#primary").textContent()).toBe("Pause");
    await expect.poll(() => app.getByTestId("timer-display").textContent()).toMatch(/^24:\d\d$/);
    await popup.close();
    await expectBlocked(siteUrl());
  });

  it("keeps blocking with the right badge after the service worker is stopped mid-session", async () => {
    await expectBlocked(siteUrl());

    const popup = await context.newPage();
    await popup.goto(popupUrl());
    await expect.poll(() => badgeText(popup)).toMatch(/^2[45]$/);
    await popup.close();

    // Stop the extension's service worker (as Chrome does when it is idle) from an extension page,
    // then close that page (an open extension page may wake the worker again).
    // The running worker gets a mark in its global scope: a worker started afresh has none.
    const ours = () => context.serviceWorkers().filter((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
    expect(ours()).toHaveLength(1);
    await ours()[0]!.evaluate(() => {
      (self as unknown as { beforeStop?: boolean }).beforeStop = true;
    });
    const extensionPage = await context.newPage();
    await extensionPage.goto(`chrome-extension://${extensionId}/blocked/blocked.html`);
    const cdp = await context.newCDPSession(extensionPage);
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.stopAllWorkers");
    await cdp.detach();
    await extensionPage.close();
    // The worker that ran is gone. (The app's tab may wake a new one at once, by a message of its
    // content script: on a busy machine that happens before a poll can see no worker at all.)
    const markedWorkers = async () => {
      let marked = 0;
      for (const worker of ours()) {
        // A stopped worker answers no more: it does not count.
        if (await worker.evaluate(() => (self as unknown as { beforeStop?: boolean }).beforeStop === true).catch(() => false)) marked += 1;
      }
      return marked;
    };
    await expect.poll(markedWorkers, { timeout: 20_000 }).toBe(0);

    // With the worker stopped (or started afresh), the rules are still in place.
    await expectBlocked(siteUrl());
    await expectBlocked(siteUrl(`m.${SITE}`));

    // A page of the extension wakes the worker, which restores its state from storage.
    const again = await context.newPage();
    await again.goto(popupUrl());
    await expect.poll(() => extensionWorkers(app), { timeout: 20_000 }).toHaveLength(1);
    await expect.poll(() => again.locator("#link-status").textContent(), { timeout: 30_000 }).toBe("Linked");
    await expect.poll(() => badgeText(again)).toMatch(/^2[45]$/);
    await expect.poll(() => again.getByTestId("popup-display").textContent()).toMatch(/^2[45]:\d\d$/);
    await again.close();
  });

  it("stops blocking while the browser is switched off in the web app, and again once it is back on", async () => {
    await showAppTab(app, "block");
    await app.getByLabel("Active: Chrome extension").click();
    await expect.poll(() => app.getByText("Device status updated").count()).toBeGreaterThan(0);
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(popupUrl());
    await expect.poll(() => popup.locator("#link-status").textContent(), { timeout: 20_000 }).toBe("Paused");
    expect(await badgeText(popup)).toBe("off");
    expect(await popup.evaluate(() => chrome.declarativeNetRequest.getDynamicRules())).toEqual([]);
    await saveScreenshot(popup, "extension-popup-paused");
    await popup.close();
    await expectNotBlocked(siteUrl());

    await app.getByLabel("Active: Chrome extension").click();
    await expect.poll(() => app.getByLabel("Active: Chrome extension").isChecked()).toBe(true);
    // Opening the popup makes the extension ask at once (else its next minute's check would).
    const again = await context.newPage();
    await again.goto(popupUrl());
    await expect.poll(() => again.locator("#link-status").textContent(), { timeout: 20_000 }).toBe("Linked");
    await again.close();
    await expectBlocked(siteUrl());
  });

  it("stops blocking and says it is unlinked once the browser is unlinked in the web app", async () => {
    await showAppTab(app, "block");
    await app.getByRole("button", { name: "Unlink Chrome extension" }).click();
    await app.getByRole("group", { name: "Unlink Chrome extension?" }).getByRole("button", { name: "Unlink" }).click();
    await expect.poll(() => app.getByText("Device unlinked").count()).toBeGreaterThan(0);
    await expect.poll(() => app.getByTestId("extension-status").textContent(), { timeout: 20_000 }).toContain("not paired");
    await saveScreenshot(app, "extension-shield-unlinked");

    const popup = await context.newPage();
    await popup.setViewportSize({ width: 300, height: 420 });
    await popup.goto(popupUrl());
    await expect.poll(() => popup.locator("#link-status").textContent(), { timeout: 20_000 }).toBe("Not linked");
    await expect.poll(() => popup.locator("#notice-title").textContent()).toBe("Not linked");
    expect(await badgeText(popup)).toBe("off");
    expect(await popup.evaluate(() => chrome.storage.local.get("pairing"))).toEqual({});
    expect(await popup.evaluate(() => chrome.declarativeNetRequest.getDynamicRules())).toEqual([]);
    await saveScreenshot(popup, "extension-popup-unlinked");
    await popup.close();

    // The timer still runs in the web app, but the extension no longer blocks.
    await showAppTab(app, "timer");
    expect(await app.getByRole("button", { name: "Pause" }).count()).toBeGreaterThan(0);
    await expectNotBlocked(siteUrl());
  });

  it("pairs again from Website Shield, and blocks at once since the focus session still runs", async () => {
    await showAppTab(app, "block");
    await expect.poll(() => app.getByTestId("extension-status").textContent()).toContain("not paired with this account yet");
    await app.getByRole("button", { name: "Pair this browser's extension" }).click();
    await expect.poll(() => app.getByText("Extension paired").count()).toBeGreaterThan(0);
    await expect.poll(() => app.getByRole("list", { name: "Paired browsers" }).textContent()).toContain("Chrome extension");
    const devices = (await (await app.request.get(`${server.url}/api/linked-devices`)).json()) as { name: string }[];
    expect(devices.map((d) => d.name)).toEqual(["Chrome extension"]);

    const popup = await context.newPage();
    await popup.goto(popupUrl());
    await expect.poll(() => popup.locator("#link-status").textContent(), { timeout: 20_000 }).toBe("Linked");
    // The badge shows the minutes left of the running session again.
    await expect.poll(() => badgeText(popup)).toMatch(/^\d{1,2}$/);
    await popup.close();
    await expectBlocked(siteUrl());
  });

  it("blocks during a focus room's focus round, until the room's own end, and stops at its break", async () => {
    // A room whose first focus round ends ROOM_FOCUS_LEFT_S from now (opened 25 minutes earlier).
    const created = await app.request.post(`${server.url}/api/rooms`, {
      data: { name: "Blocking room", visibility: "link" },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    // Room for the join and the visits below on a busy machine.
    const ROOM_FOCUS_LEFT_S = 30;
    const db = new Sqlite(`${server.dataDir}/focus.db`);
    const startedAt = Date.now() - (25 * 60 - ROOM_FOCUS_LEFT_S) * 1000;
    // Someone was in it a moment ago: a room nobody has been in for 10 minutes is ended by the
    // server's next sweep (ROOM_EMPTY_CLOSE_MS), which would otherwise race this test's join.
    db.prepare("UPDATE rooms SET started_at = ?, occupied_at = ? WHERE slug = ?").run(new Date(startedAt).toISOString(), new Date().toISOString(), slug);
    db.close();
    const roundEndsAt = startedAt + 25 * 60 * 1000;

    // Joining replaces the personal session under way with the room's round, once the user agrees.
    // The visits and the popup opened since took the foreground: a page in the background gets no
    // animation frames, which a click waits for (the dialog's button would never be "stable").
    await app.bringToFront();
    await app.goto(`${server.url}/rooms/${slug}`);
    await app.getByRole("button", { name: "Join this room" }).click();
    await app.getByRole("dialog", { name: "End your focus session?" }).getByRole("button", { name: "Join the room" }).click();
    await expect.poll(() => app.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus/);
    // The blocked page counts down to the room's round end, not to the personal session's.
    await expect
      .poll(
        async () => {
          const page = await visit(siteUrl(SITE, "/in-room"));
          const endsAt = Number(new URL(page.url()).searchParams.get("endsAt"));
          await page.close();
          return Math.abs(endsAt - roundEndsAt);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeLessThanOrEqual(1000);

    // The room's break: the site opens again.
    await expect.poll(() => app.getByTestId("header-timer").getAttribute("aria-label"), { timeout: (ROOM_FOCUS_LEFT_S + 15) * 1000 }).toMatch(/break/i);
    await expectNotBlocked(siteUrl());
    await app.getByRole("button", { name: "Leave room" }).click();
    await app.goto(`${server.url}/app`);
  });

  it("shows the blocked attempts in the Statistics tab", async () => {
    await showAppTab(app, "stats");
    const sites = app.getByRole("list", { name: "Blocked attempts per site" });
    await expect.poll(() => sites.textContent(), { timeout: 20_000 }).toContain(SITE);
    await app.getByRole("heading", { name: "Blocked attempts" }).scrollIntoViewIfNeeded();
    await saveScreenshot(app, "extension-stats-blocked-attempts");
  });

  it("turns the badge amber in the last minute, with the app's ring and title (the default warning, 1 minute before the end)", async () => {
    await showAppTab(app, "timer");
    if (await app.getByRole("button", { name: "Pause" }).isVisible()) await app.getByRole("button", { name: "Pause" }).click();
    await app.getByRole("button", { name: "Focus", exact: true }).click();
    await app.getByRole("button", { name: "Start Focus" }).click();
    await app.getByRole("button", { name: "Pause" }).waitFor();
    // The session is paused, left 55 s on the server and resumed after a reload: the app learns it
    // on the reload, and the extension with everyone else from the Resume.
    const { user } = (await (await app.request.get(`${server.url}/api/me`)).json()) as { user: { username: string } };
    await resumeForLastMs(app, server, user.username, 55_000);
    await expect.poll(() => app.title()).toMatch(/^⏳ 00:\d\d/);
    expect(await app.getByTestId("progress-ring").getAttribute("data-warning")).toBe("");

    const popup = await context.newPage();
    await popup.goto(popupUrl());
    await expect.poll(() => badgeText(popup), { timeout: 20_000 }).toBe("1");
    // #b45309, the badge's amber.
    await expect.poll(() => popup.evaluate(() => chrome.action.getBadgeBackgroundColor({})), { timeout: 20_000 }).toEqual([180, 83, 9, 255]);
    await popup.close();
  });
});
