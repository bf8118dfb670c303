import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { AccountTimer } from "@focus/core/timer";
import { outboxWaiting, resumeForLastMs, settledOnServer } from "./accountTimerHelpers";
import { launchBrowser, registerOverApi, removeDataDir, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Never lose a session, end to end in Debian Chromium: the service worker opens the
 * app with the network off, a session completed while the server cannot be reached waits in
 * the IndexedDB outbox across a reload, and the server ends up with exactly one copy of it,
 * whether the browser was offline or the server was stopped and restarted in between. With
 * the network off the last-loaded statistics and the mini timer open too, and the app is
 * installable (manifest and service worker served). A session is made to end a few seconds
 * after it is started by pausing it, leaving it a few seconds on the server and resuming it after
 * a reload (`resumeForLastMs`: the server keeps the account's timer on its own clock).
 */
let browser: Browser;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const api of apiContexts.values()) await api.close();
  await browser?.close();
  for (const server of servers) {
    await server.stop();
    removeDataDir(server.dataDir);
  }
});


/** Which of `paths` the service worker holds an API answer for (the `focus-api` cache). */
function cachedApiPaths(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const cache = await caches.open("focus-api");
    const held = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return wanted.filter((path) => held.includes(path));
  }, paths);
}

/**
 * Waits until the service worker controls the page and holds the API answers the app needs
 * offline. An answer the page fetched before the worker took control (a first visit on a busy
 * machine) never reached its cache: one reload, as a user's next visit would, fetches it again
 * through the worker.
 */
async function waitUntilOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  const paths = ["/api/me", "/api/settings", "/api/sessions/range"];
  const cachedAll = await expect
    .poll(() => cachedApiPaths(page, paths), { timeout: 10_000 })
    .toEqual(paths)
    .then(
      () => true,
      () => false,
    );
  if (!cachedAll) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  }
  await expect.poll(() => cachedApiPaths(page, paths), { timeout: 30_000 }).toEqual(paths);
}

/** The text of the Statistics tab's "All time" summary card: "All time", focus time, sessions. */
function allTimeCard(page: Page): Promise<string | null> {
  return page.getByRole("list", { name: "Summary" }).getByRole("listitem").filter({ hasText: "All time" }).textContent({ timeout: 2000 }).catch(() => null);
}

/**
 * Starts a focus session that ends `leftMs` after this returns: started with the button, paused,
 * left `leftMs` on the server, and resumed after a reload (`resumeForLastMs`). Returns the running
 * timer as the server stored it.
 */
async function startShortFocusSession(page: Page, server: RunningServer, username: string, leftMs = 3000): Promise<AccountTimer> {
  await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");
  await page.getByRole("button", { name: "Start Focus" }).click();
  await page.getByRole("button", { name: "Pause" }).waitFor();
  return resumeForLastMs(page, server, username, leftMs);
}

/**
 * Room left of a session that must end after the test has cut the page off (the network switched
 * off, the server stopped: a SIGTERM waits for the live connections to close), on a busy machine.
 */
const CUT_OFF_MS = 15_000;

/** Switches the context's network off and waits until the page says so (`navigator.onLine`, "Offline"). */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await expect.poll(() => page.getByTestId("connection-status").textContent()).toContain("Offline");
}

/** Waits for the focus session to end and the short break to take over. */
async function sessionEnded(page: Page) {
  await expect.poll(() => page.getByRole("button", { name: "Short Break" }).getAttribute("aria-pressed"), { timeout: CUT_OFF_MS + 15_000 }).toBe("true");
}

/** Signed-in API contexts, one per user and server (signing in for every check would meet the sign-in limit). */
const apiContexts = new Map<string, BrowserContext>();

/** The user's focus sessions as the server has them (outside the page, signed in once). */
async function focusSessionsOnServer(url: string, username: string): Promise<{ clientId?: string; duration: number }[]> {
  const key = `${url} ${username}`;
  let api = apiContexts.get(key);
  if (!api) {
    api = await browser.newContext();
    const login = await api.request.post(`${url}/api/login`, { data: { username, password: "calm-focus-42" } });
    expect(login.status()).toBe(200);
    apiContexts.set(key, api);
  }
  const sessions = (await (await api.request.get(`${url}/api/sessions`)).json()) as { type: string; clientId?: string; duration: number }[];
  return sessions.filter((s) => s.type === "focus");
}

async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "allow" });
  const page = await context.newPage();
  return { context, page };
}

describe("offline: nothing lost", () => {
  it("completes a session offline, reloads offline from the service worker, and records it once when back online", async () => {
    const server = await startServer();
    servers.push(server);
    const { context, page } = await newContext();
    const username = uniqueName("offline");
    await registerOverApi(page, server.url, username);
    // The Statistics tab once, so the last-loaded statistics are there offline too.
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Your Focus Journey" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Focus Arena" }).click();
    await waitUntilOfflineReady(page);
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toBe("");

    const running = await startShortFocusSession(page, server, username, CUT_OFF_MS);
    await goOffline(context, page);
    await sessionEnded(page);
    // Counted at once, though the server has not said so yet (the device posts no session: the
    // server records what the account's timer ends).
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toMatch(/^Offline/);

    // A reload with the network off: the app opens from the service worker, the session still waits.
    await page.reload();
    await expect.poll(() => page.getByTestId("timer-display").isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForFunction(() => !navigator.onLine);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toMatch(/^Offline/);
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Your Focus Journey" }).isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Focus Arena" }).click();
    // The server may hold it already: it keeps the account's timer and records its end itself
    // (the browser's socket can outlive its going offline); never twice.
    expect((await focusSessionsOnServer(server.url, username)).length).toBeLessThanOrEqual(1);

    // Back online: the server has it, once.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 30_000 }).toBe("");
    await expect.poll(async () => (await focusSessionsOnServer(server.url, username)).length, { timeout: 30_000 }).toBe(1);
    const [recorded] = await focusSessionsOnServer(server.url, username);
    expect(recorded).toMatchObject({ duration: 1500, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    // Another reload changes nothing: once the page has nothing left to send and the server has
    // settled the session itself, still exactly one.
    await page.reload();
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    await expect.poll(() => outboxWaiting(page)).toBe(0);
    await expect.poll(() => settledOnServer(server, username, running)).toBe(true);
    expect(await focusSessionsOnServer(server.url, username)).toHaveLength(1);
    await context.close();
  });

  it("keeps the session while the server is stopped, across a reload, and records it once after the restart", async () => {
    // The system picks the port; the restart below comes back on the same one (same origin).
    let server = await startServer();
    const port = server.port;
    servers.push(server);
    const { context, page } = await newContext();
    const username = uniqueName("restart");
    await registerOverApi(page, server.url, username);
    await waitUntilOfflineReady(page);

    await startShortFocusSession(page, server, username, CUT_OFF_MS);
    await server.stop();
    await sessionEnded(page);
    // Counted here at once; nothing waits to be sent (the server records the end it already holds).
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    expect(await outboxWaiting(page)).toBe(0);

    // The app still opens with its server gone.
    await page.reload();
    await expect.poll(() => page.getByTestId("timer-display").isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");

    // The same server (database, port) comes back; no `online` event: the live connection's
    // next attempt reaches it, and the outbox sends at once.
    const restarted = await startServer({ port, dataDir: server.dataDir });
    servers.splice(servers.indexOf(server), 1, restarted);
    server = restarted;
    await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 40_000 }).toBe("");
    // The server settles the timer it holds (the session ended while it was down) once it is back.
    await expect.poll(async () => (await focusSessionsOnServer(server.url, username)).length, { timeout: 30_000 }).toBe(1);
    const sessions = await focusSessionsOnServer(server.url, username);
    expect(sessions[0]).toMatchObject({ duration: 1500 });

    await page.reload();
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    expect(await focusSessionsOnServer(server.url, username)).toHaveLength(1);
    await context.close();
  });
  it("shows the last-loaded statistics and opens the mini timer with the network off", async () => {
    const server = await startServer();
    servers.push(server);
    const { context, page } = await newContext();
    const username = uniqueName("offstats");
    await registerOverApi(page, server.url, username);
    await waitUntilOfflineReady(page);

    // Online: one focus session, recorded, then the Statistics tab loads it.
    await startShortFocusSession(page, server, username);
    await sessionEnded(page);
    await expect.poll(async () => (await focusSessionsOnServer(server.url, username)).length, { timeout: 30_000 }).toBe(1);
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect.poll(() => allTimeCard(page), { timeout: 30_000 }).toBe("All time25 min1 session completed");
    await expect.poll(() => cachedApiPaths(page, ["/api/sessions"]), { timeout: 30_000 }).toEqual(["/api/sessions"]);
    await page.getByRole("tab", { name: "Focus Arena" }).click();

    // Offline, after a reload: the app opens and the Statistics show the same numbers.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId("timer-display").isVisible(), { timeout: 30_000 }).toBe(true);
    await page.waitForFunction(() => !navigator.onLine);
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toContain("Offline");
    await page.getByRole("tab", { name: "Statistics" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Your Focus Journey" }).isVisible()).toBe(true);
    await expect.poll(() => allTimeCard(page), { timeout: 30_000 }).toBe("All time25 min1 session completed");
    expect(await page.getByText("Couldn't load your sessions.").count()).toBe(0);
    await page.getByRole("tab", { name: "Focus Arena" }).click();

    // The mini timer opens from the service worker too, shows the main window's time and drives it.
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Open mini timer" }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe("/mini-timer");
    // Paused part-way ("Resume") or a break that never started ("Start Break"): both show the same time.
    await expect
      .poll(async () => {
        // A short click: a Pause gone by itself (the break ended) is looked at again, not waited on.
        if (await page.getByRole("button", { name: "Pause" }).isVisible()) await page.getByRole("button", { name: "Pause" }).click({ timeout: 2000 }).catch(() => undefined);
        return page.getByRole("button", { name: /^(Resume|Start Break)$/ }).isVisible();
      })
      .toBe(true);
    await expect
      .poll(async () => [await page.getByTestId("timer-display").textContent(), await popup.getByTestId("mini-timer-display").textContent()], { timeout: 30_000 })
      .toSatisfy(([main, mini]) => main === mini && /^0[0-5]:\d\d$/.test(main ?? ""));
    await expect.poll(() => popup.getByRole("button", { name: /^(Resume|Start)$/ }).isEnabled({ timeout: 2000 }).catch(() => false), { timeout: 30_000 }).toBe(true);
    await popup.getByRole("button", { name: /^(Resume|Start)$/ }).click();
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toContain("Offline");
    await context.close();
  });

  it("is installable: the page links a manifest with name, icons, start_url and display, and /sw.js is served", async () => {
    const server = await startServer();
    servers.push(server);
    const { context, page } = await newContext();
    await page.goto(`${server.url}/app`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");

    const manifest = await context.request.get(`${server.url}${href}`);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toMatch(/^application\/(manifest\+)?json/);
    const body = (await manifest.json()) as { name?: string; short_name?: string; start_url?: string; display?: string; icons?: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(body).toMatchObject({ name: "Focus Flow", short_name: "Focus Flow", start_url: "/app", display: "standalone" });
    // Chrome installs with a 192 px and a 512 px icon; every listed icon must load.
    expect(body.icons?.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of body.icons ?? []) {
      const res = await context.request.get(`${server.url}${icon.src}`);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()["content-type"], icon.src).toContain(icon.type);
    }

    const sw = await context.request.get(`${server.url}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()["content-type"]).toMatch(/javascript/);
    // Revalidated on every check, so an update is found at once.
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(await sw.text()).toContain("precacheAndRoute");
    // And the page registers it.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL.endsWith("/sw.js") === true, undefined, { timeout: 30_000 });
    await context.close();
  });
});
