/**
 * End-to-end harness: starts the built API (which serves the built web app) on a free
 * port with a throwaway SQLite database, and launches Debian's Chromium through
 * playwright-core (never a downloaded browser).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions, type Page } from "playwright-core";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The ports `freePort` picks from: below Linux's ephemeral range (32768-60999 by default). */
const FIXED_PORTS = { from: 20_000, to: 32_000 };

/**
 * A free TCP port on loopback, for a server that must come back on the same port (a restart on
 * the same origin). Picked below the ephemeral range: a port the system hands out for PORT=0 or
 * an outgoing connection could be taken by another process between this check and the server's
 * listen (a clean-clone check once got EADDRINUSE that way), one below it only by another
 * `freePort` caller that drew the same number.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIXED_PORTS.from + Math.floor(Math.random() * (FIXED_PORTS.to - FIXED_PORTS.from));
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * scrypt cost of the test servers (SCRYPT_N): 2^10, so registering and logging in cost about a
 * millisecond instead of a quarter second of CPU. A test that needs the production cost (the
 * OWASP default) passes `env: { SCRYPT_N: "" }`: empty counts as unset.
 */
export const TEST_SCRYPT_N = String(2 ** 10);

/**
 * How long a server may take to print its URL before the harness gives up, ms. Only a guard
 * against a hang: a quiet machine starts one in about half a second, but beside other e2e files
 * and busy processes (load average 20 and more) one took over 20 s.
 */
export const SERVER_START_TIMEOUT_MS = 120_000;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for exit. */
  stop: () => Promise<void>;
}

/**
 * Starts `node apps/api/dist/server.js`. Resolves once it printed its URL.
 * Without `port` the server listens on a port the system picks (PORT=0) and reports it, so
 * e2e files running side by side never race for one; pass `dataDir` to reuse a database
 * across a restart, and the `port` it had to restart on the same origin (a browser's service
 * worker, cookies and storage belong to the origin).
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; port?: number } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "focus-e2e-"));
  const child = spawn(process.execPath, [join(repoRoot, "apps/api/dist/server.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dataDir, "focus.db")}`,
      SESSION_SECRET: "e2e-session-secret-e2e-session-secret-0123456789",
      LOG_LEVEL: "warn",
      // The audio library renders in the background for ~1 CPU minute; e2e tests of other
      // screens don't wait for it (audio e2e tests pass their own AUDIO_DIR with fixtures).
      AUDIO_DIR: join(dataDir, "audio"),
      AUDIO_RENDER: "off",
      SCRYPT_N: TEST_SCRYPT_N,
      // A busy test machine is not an overloaded server: no 503s from the event-loop check
      // (faults.e2e.ts turns it on where it tests it).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${SERVER_START_TIMEOUT_MS / 1000} s:\n${out}`)),
      SERVER_START_TIMEOUT_MS,
    );
    const onData = () => {
      // server.ts prints "Focus app listening on port <port>: open <address>" once it listens
      // (the whole line: a chunk may end inside the number).
      const listening = /listening on port (\d+): open \S+\r?\n/.exec(out);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}

/** Removes a data dir made by `startServer`. */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** What every context of the e2e browsers starts with, unless a test asks otherwise (see `launchBrowser`). */
const CONTEXT_DEFAULTS = { reducedMotion: "reduce", serviceWorkers: "block" } as const;

/** This worker's Chromium with the default flags, shared by its files one after the other. */
let sharedBrowser: Promise<Browser> | null = null;

/**
 * Launches Debian's Chromium headless with the flags known to work on this machine. Its contexts
 * prefer reduced motion unless a test asks otherwise (`reducedMotion: "no-preference"`): no e2e
 * test is about an animation, and the landing page's and the player's canvases, drawn every frame,
 * and every fade cost the CPU the tests share. They also run without the app's service worker
 * unless a test asks for it (`serviceWorkers: "allow"`, as the offline and push tests do): its
 * install downloads and stores every chunk of the app in each new context, which cost about half
 * of a screen test's time, and a page works the same online without it.
 *
 * Without `options`, the files of a test worker share one Chromium (a launch cost about as much
 * CPU as two new contexts): each caller gets a handle whose `close()` closes the contexts it
 * opened and leaves the browser to the next file; Playwright ends it when the worker exits. Tests
 * keep their isolation in their contexts (cookies, storage, routes, permissions, offline mode).
 * With `options` (other flags), the caller gets a browser of its own.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (Object.keys(options).length > 0) return handleOf(await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, ...options }), true);
  let browser = await sharedBrowser?.catch(() => null);
  if (!browser?.isConnected()) {
    sharedBrowser = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    browser = await sharedBrowser;
  }
  return handleOf(browser, false);
}

/**
 * A handle on `browser` whose contexts start with CONTEXT_DEFAULTS and whose `close()` closes the
 * contexts opened through it, and the browser too when `owned`.
 */
function handleOf(browser: Browser, owned: boolean): Browser {
  const contexts = new Set<BrowserContext>();
  const newContext = async (contextOptions: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const context = await browser.newContext({ ...CONTEXT_DEFAULTS, ...contextOptions });
    contexts.add(context);
    context.once("close", () => contexts.delete(context));
    return context;
  };
  const handle: Partial<Browser> = {
    newContext,
    // As Playwright's own: a page in a context of its own, which closes with the page.
    newPage: async (contextOptions: BrowserContextOptions = {}) => {
      const context = await newContext(contextOptions);
      const page = await context.newPage();
      page.once("close", () => void context.close().catch(() => undefined));
      return page;
    },
    contexts: () => [...contexts],
    // Every context is closed even when one fails to; the first failure is then thrown.
    close: async () => {
      const closed = await Promise.allSettled([...contexts].map((context) => context.close()));
      if (owned) await browser.close();
      const failure = closed.find((outcome) => outcome.status === "rejected");
      if (failure) throw failure.reason;
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(handle, property)) return handle[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Whether the e2e tests save screenshots (E2E_SCREENSHOTS=1): off by default, since taking
 * them costs minutes and asserts nothing. A person who wants to look runs
 * `E2E_SCREENSHOTS=1 pnpm test --project e2e` and opens test-output/screenshots/.
 */
export const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
const SCREENSHOTS_DIR = join(repoRoot, "test-output", "screenshots");

/**
 * Saves `test-output/screenshots/<name>.png` of the page (`name` may contain a folder) when
 * E2E_SCREENSHOTS=1; otherwise does nothing. Resolves to the file written, or null.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string | null> {
  if (!SAVE_SCREENSHOTS) return null;
  const file = join(SCREENSHOTS_DIR, `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  return file;
}

/** Names made so far by this file's `uniqueName`. */
let namesMade = 0;

/** A unique username for a test run (each e2e file has its own server, so unique within the file). */
export function uniqueName(prefix = "user"): string {
  // A counter, not only chance: 17 names made in one millisecond once drew the same random number.
  namesMade += 1;
  return `${prefix}${Date.now().toString(36)}${namesMade.toString(36)}${Math.floor(Math.random() * 1e3)}`;
}

/**
 * Shows a tab of /app (the Focus Arena's tabs: the timer, the Website Shield, Statistics) once
 * the page is there, through the app's `change-tab` event, as the tab bar does.
 */
export async function showAppTab(page: Page, tab: "timer" | "block" | "stats"): Promise<void> {
  await page.getByText("Focus Arena").first().waitFor();
  await page.evaluate((name) => document.dispatchEvent(new CustomEvent("change-tab", { detail: { tab: name } })), tab);
}

/**
 * Closes every toast on the page with its ✕, as a user would before tapping what one covers: on a
 * phone toasts sit over the header (`components/ui/toast.tsx`), and a pointer resting on one
 * keeps it open. Gives up after 10 (a toast that keeps coming back is the test's to find).
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Close notification" });
  for (let tries = 0; tries < 10 && (await close.count()) > 0; tries += 1) {
    await close.first().click({ timeout: 2000 }).catch(() => undefined);
  }
}

/**
 * Registers `username` (password "calm-focus-42") through the /auth form as a new user would, and
 * continues with the trial on the plan step that follows. Resolves once on /app.
 */
export async function registerInUi(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("calm-focus-42");
  await page.getByLabel("Confirm Password").fill("calm-focus-42");
  await page.getByRole("button", { name: "Create Account" }).click();
  const planStep = page.getByRole("button", { name: "Continue with my trial" });
  try {
    await planStep.waitFor({ timeout: 30_000 });
  } catch (error) {
    // Say where the page is and what it shows (an error toast, a redirect), not only "timeout".
    const shown = (await page.locator("body").innerText().catch(() => "")).replace(/\s+/g, " ").slice(0, 600);
    throw new Error(`registration of ${username} showed no plan step; at ${page.url()}, page text: ${shown}`, { cause: error });
  }
  await planStep.click();
  await page.waitForURL(`${baseUrl}/app`);
}

/**
 * Registers `username` (password "calm-focus-42", as `registerInUi`) over the API with the page's
 * cookie jar, for a test that is not about the registration form, and opens /app. Resolves once
 * the Focus Arena shows. The trial starts either way (the form's plan step activates nothing).
 */
export async function registerOverApi(page: Page, baseUrl: string, username: string): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/register`, {
    data: { username, email: `${username}@example.com`, password: "calm-focus-42" },
    headers: { origin: baseUrl },
  });
  if (res.status() !== 201) throw new Error(`registering ${username} answered ${res.status()}: ${await res.text()}`);
  await page.goto(`${baseUrl}/app`);
  await page.getByText("Focus Arena").first().waitFor();
}

/** The parts of the built @focus/audio that audio fixtures need. */
interface AudioPackage {
  MOOD_PRESETS: Record<string, unknown>;
  render: (preset: unknown, seed: number, seconds: number, sampleRate?: number) => { left: Float32Array; right: Float32Array; sampleRate: number };
  encodeMp3: (left: Float32Array, right: Float32Array, sampleRate: number) => Promise<Uint8Array>;
}

/**
 * Writes short MP3 loops (3 s, 44.1 kHz) rendered by the built @focus/audio into
 * `dir/<mood>/<file>`, an AUDIO_DIR for a test server (its own rendering is off in e2e).
 */
export async function writeAudioFixtures(dir: string, files: ReadonlyArray<{ mood: string; file: string; seed: number }>): Promise<void> {
  const built = new URL("../packages/audio/dist/index.js", import.meta.url);
  const audio = (await import(/* @vite-ignore */ pathToFileURL(built.pathname).href)) as AudioPackage;
  for (const { mood, file, seed } of files) {
    const pcm = audio.render(audio.MOOD_PRESETS[mood], seed, 3, 44100);
    mkdirSync(join(dir, mood), { recursive: true });
    writeFileSync(join(dir, mood, file), await audio.encodeMp3(pcm.left, pcm.right, pcm.sampleRate));
  }
}

/** A focus room page's round clock (its aria-label reads e.g. "Focus round, 12:34 left"). */
export const roomClock = (page: Page) => page.getByRole("timer");

/** The people listed in a focus room page. */
export const roomMembers = (page: Page) => page.getByRole("list", { name: "People in the room" }).getByRole("listitem");

/** Seconds of the first mm:ss in `text` (NaN when there is none). */
export function clockSeconds(text: string | null): number {
  const match = /(\d+):(\d\d)/.exec(text ?? "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/**
 * An IANA time zone where it is now between 04:00 and 20:00, for a browser context
 * (`timezoneId`) whose test counts "today's" sessions from a few hours back: run near midnight in
 * the machine's zone, those would fall on yesterday.
 */
export function daytimeZone(now = new Date()): string {
  const zones = ["Europe/London", "Asia/Tokyo", "America/New_York", "Pacific/Honolulu", "Asia/Kolkata", "Pacific/Kiritimati"];
  const hourIn = (timeZone: string) => Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now));
  const zone = zones.find((timeZone) => hourIn(timeZone) >= 4 && hourIn(timeZone) < 20);
  if (!zone) throw new Error("no daytime zone found");
  return zone;
}
