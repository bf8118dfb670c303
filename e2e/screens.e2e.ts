import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { clockSeconds, launchBrowser, removeDataDir, saveScreenshot, startServer, type RunningServer } from "./harness";

/**
 * Every screen of the app: each route in the dark theme (the default) at desktop and phone
 * size, and in the light theme at desktop size (its colours are what differs; the layout at
 * phone size is the dark pass's): its key strings, 0 serious or critical axe-core violations,
 * no horizontal scroll; with E2E_SCREENSHOTS=1 also a full-page screenshot under
 * test-output/screenshots/screens/ for a person to look at. The light pass runs axe's colour
 * rules only: the page is the same but for its colours (and the theme button's name), so the other
 * rules would repeat the dark desktop pass's findings.
 *
 * The app starts once per role and theme: the first screen of that pair is loaded from its
 * address, the next ones are reached in the same page as a link would (the router follows the
 * address), since starting the app anew for each of the 47 checks was most of the file's time.
 * Loading each address directly is startup.e2e.ts's and the other files' business.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const ADMIN = { username: "admin", password: "admin-pass-123" };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ["dark", "light"] as const;
/**
 * Each test's fresh context would install the service worker and precache the whole app
 * while the screen is checked, about half of each test's time; what is on screen does not
 * depend on it (the app runs online only without one), and offline.e2e.ts covers the worker.
 */
const SERVICE_WORKERS = "block";

/**
 * A screen: its address (and Focus Arena tab), who looks at it, texts it shows, and texts it must
 * not show (`absent`: a screen reached after a similar one proves the app moved to it).
 */
type Screen = { name: string; path: string; tab?: string; as: "visitor" | "guest" | "user" | "admin"; expect: string[]; absent?: string[] };
const SCREENS: Screen[] = [
  { name: "landing", path: "/", as: "visitor", expect: ["Start Focusing Now"] },
  { name: "auth", path: "/auth", as: "visitor", expect: ["Create Account"] },
  { name: "auth-login", path: "/auth?tab=login", as: "visitor", expect: ["Sign In"], absent: ["Confirm Password"] },
  { name: "forgot-password", path: "/forgot-password", as: "visitor", expect: ["Forgot your password?", "can't send email"] },
  { name: "reset-password-dead", path: "/reset-password", as: "visitor", expect: ["Choose a new password", "doesn't work anymore", "Ask for a new link"] },
  { name: "app-timer", path: "/app", as: "user", expect: ["Focus Arena", "Start Focus", "Today's Progress"] },
  { name: "app-music", path: "/app", tab: "music", as: "user", expect: ["Deep Work"] },
  { name: "app-shield", path: "/app", tab: "block", as: "user", expect: ["Focus Shield", "Download Extension", "Free • Works with Chrome • Easy 2-minute setup", "Launching Soon"] },
  { name: "app-stats", path: "/app", tab: "stats", as: "user", expect: ["Your Focus Journey", "First Session"] },
  { name: "guest-timer", path: "/app", as: "guest", expect: ["Guest Session", "Join", "Start Focus", "Create Free Account (30s)"] },
  { name: "guest-stats", path: "/app", tab: "stats", as: "guest", expect: ["Your Focus Journey Preview"] },
  { name: "guest-music", path: "/music", as: "guest", expect: ["Guest mode: Only Deep Work flow available. Register for full access to all neural audio patterns."] },
  { name: "app-settings", path: "/app", tab: "settings", as: "user", expect: ["Focus Settings", "Save Settings"] },
  { name: "settings", path: "/settings", as: "user", expect: ["Focus Settings"] },
  { name: "settings-logged-out", path: "/settings", as: "visitor", expect: ["404 Page Not Found"] },
  { name: "subscription", path: "/subscription", as: "user", expect: ["Contact Support", "$4.99"] },
  { name: "admin", path: "/admin", as: "admin", expect: ["Refresh", "$4.99"] },
  { name: "admin-denied", path: "/admin", as: "user", expect: ["Access Denied", "You don't have permission to access this page."] },
  { name: "extension", path: "/extension", as: "visitor", expect: ["Download Extension", "1.4.0"] },
  { name: "music", path: "/music", as: "user", expect: ["Deep Work", "Light Work", "Creative", "Relax"] },
  { name: "local-audio", path: "/local-audio", as: "user", expect: ["Random Track"] },
  { name: "audio-test", path: "/audio-test", as: "user", expect: ["alpha"] },
  { name: "mini-timer", path: "/mini-timer", as: "user", expect: ["Open the mini timer from the Focus Arena"] },
  { name: "not-found", path: "/no-such-page", as: "visitor", expect: ["404 Page Not Found", "This page does not exist.", "Back to home"] },
  { name: "rooms", path: "/rooms", as: "user", expect: ["Focus rooms", "Open rooms", "Open a room"] },
  { name: "privacy", path: "/privacy", as: "visitor", expect: ["Privacy Policy", "What we keep when you have an account", "No analytics"] },
  { name: "terms", path: "/terms", as: "visitor", expect: ["Terms of Service", "Your account"] },
];

/** The axe rules that read colours: all a theme changes (`seriousViolations`' "colours" pass). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

let server: RunningServer;
let browser: Browser;
const sessions: Record<string, string> = {};

/** Logs in through the API and keeps the session cookie for the contexts of that role. */
/**
 * A signed-in cookie for `role`. Users get one account per theme: a theme saved with an account
 * applies live on every page open with it, so the dark and the light pages cannot share one.
 */
async function cookieFor(role: "user" | "admin", theme: Theme = "dark"): Promise<string> {
  const key = role === "admin" ? role : `${role}-${theme}`;
  const cached = sessions[key];
  if (cached) return cached;
  const credentials =
    role === "admin" ? ADMIN : { username: `screens-user-${theme}`, password: "calm-focus-42", email: `screens-${theme}@example.com` };
  const path = role === "admin" ? "/api/login" : "/api/register";
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  expect(response.ok).toBe(true);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (role === "user") {
    // A little history so the statistics have something to show.
    for (let i = 0; i < 3; i++) {
      await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie },
        body: JSON.stringify({ startTime: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(), duration: 1500, type: "focus", completed: true }),
      });
    }
  }
  sessions[key] = cookie;
  return cookie;
}

type Theme = (typeof THEMES)[number];

/** The page of each role and theme, with the app running (see the file's comment). */
const pages = new Map<string, Page>();

async function newContext(screen: Screen, theme: Theme): Promise<BrowserContext> {
  // axe is evaluated into the page; bypassing the CSP only lets that script in.
  const context = await browser.newContext({ viewport: SIZES.desktop, bypassCSP: true, reducedMotion: "reduce", serviceWorkers: SERVICE_WORKERS });
  // axe once per document (the screens of a page are reached without a new one), not per check.
  await context.addInitScript({ content: axeSource });
  await context.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
  if (screen.as === "guest") await context.addInitScript(() => window.localStorage.setItem("guest-mode", "1"));
  if (screen.as === "user" || screen.as === "admin") {
    const cookie = await cookieFor(screen.as, theme);
    // The theme saved with the account applies on sign-in, so the account holds this pair's theme too.
    const saved = await fetch(`${server.url}/api/settings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify({ theme }),
    });
    expect(saved.ok).toBe(true);
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name ?? "", value: value ?? "", url: server.url }]);
  }
  return context;
}

/**
 * Shows `screen` in its role and theme's page: the first time by loading its address, then by
 * moving the running app to it (history.pushState and the popstate the router listens to), with
 * the Focus Arena's tab picked through its `change-tab` event. A move to another path resolves
 * once the new page's `<main>` has replaced the old one (the old is marked before the move), so no
 * check reads the screen before.
 */
async function show(screen: Screen, theme: Theme): Promise<Page> {
  const key = `${screen.as}-${theme}`;
  let page = pages.get(key);
  if (!page) {
    page = await (await newContext(screen, theme)).newPage();
    pages.set(key, page);
    await page.goto(`${server.url}${screen.path}`);
  } else {
    await page.setViewportSize(SIZES.desktop);
    const newPath = new URL(page.url()).pathname !== new URL(screen.path, server.url).pathname;
    await page.evaluate(
      ({ path, newPath }) => {
        if (newPath) document.querySelectorAll("main").forEach((main) => main.setAttribute("data-left", ""));
        window.history.pushState(null, "", path);
        window.dispatchEvent(new PopStateEvent("popstate"));
      },
      { path: screen.path, newPath },
    );
    await page.waitForURL(`${server.url}${screen.path}`);
    if (newPath) await page.locator("main:not([data-left])").first().waitFor({ timeout: 20_000 });
  }
  if (screen.path === "/app") {
    await page.getByText("Focus Arena").first().waitFor();
    await page.evaluate((tab) => document.dispatchEvent(new CustomEvent("change-tab", { detail: { tab } })), screen.tab ?? "timer");
  }
  return page;
}

/** Serious and critical axe violations of the WCAG 2.1 A and AA rules, or of the colour rules only. */
async function seriousViolations(page: Page, rules: "all" | "colours" = "all"): Promise<string[]> {
  const runOnly = rules === "all" ? { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } : { type: "rule", values: COLOUR_RULES };
  const result = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const r = await axe.run(document, { runOnly: only });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  }, runOnly);
  return result.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}) at ${v.targets.join(", ")}`);
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const page of pages.values()) await page.context().close();
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe("every screen, both sizes, both themes", () => {
  for (const screen of SCREENS) {
    for (const theme of THEMES) {
      // One page per screen and theme, checked at desktop size and again resized to a phone:
      // the same checks at both sizes, for half the page loads.
      const sizes: Array<keyof typeof SIZES> = theme === "dark" ? ["desktop", "phone"] : ["desktop"];
      it(`${screen.name} in ${theme}, ${sizes.join(" then ")}`, async () => {
        const page = await show(screen, theme);
        {
          for (const size of sizes) {
            await page.setViewportSize(SIZES[size]);
            for (const text of screen.expect) {
              await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
            }
            for (const text of screen.absent ?? []) {
              await expect.poll(() => page.getByText(text, { exact: false }).filter({ visible: true }).count(), { message: text }).toBe(0);
            }
            expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
            // Once the layout has settled: a loaded clean-clone run once read 6 px for one frame
            // right after the resize to phone size, and 0 a moment later.
            const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            await expect.poll(overflow, { message: `no horizontal scroll at ${size}`, timeout: 3000 }).toBeLessThanOrEqual(0);
            await saveScreenshot(page, `screens/${screen.name}-${size}-${theme}`, { fullPage: true });
            expect(await seriousViolations(page, theme === "dark" ? "all" : "colours"), `axe at ${size}`).toEqual([]);
          }
        }
      });
    }
  }
});

describe("keyboard", () => {
  it("runs a focus session from the keyboard alone, with a visible focus ring on each control", async () => {
    const context = await browser.newContext({ viewport: SIZES.desktop, serviceWorkers: SERVICE_WORKERS });
    const [name, value] = (await cookieFor("user")).split("=");
    await context.addCookies([{ name: name ?? "", value: value ?? "", url: server.url }]);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/app`);
      await page.getByRole("button", { name: "Start Focus" }).waitFor();
      let reached = false;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const style = el ? getComputedStyle(el) : null;
          return { text: el?.textContent?.trim() ?? "", ring: style ? style.outlineStyle !== "none" || style.boxShadow !== "none" : false };
        });
        expect(focused.ring, `visible focus on "${focused.text}"`).toBe(true);
        reached = focused.text === "Start Focus";
      }
      expect(reached, "Start Focus is reachable with Tab").toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
      // The live region announces politely, not every second.
      const live = page.locator('[aria-live="polite"][role="status"]').first();
      await expect.poll(() => live.textContent()).toMatch(/\S/);
      // Once the display has counted a second, then two more, as the user sees them: the live
      // region said the same all along.
      const shown = async () => clockSeconds(await page.getByTestId("timer-display").textContent());
      await expect.poll(shown).toBeLessThanOrEqual(25 * 60 - 1);
      const before = await live.textContent();
      const from = await shown();
      await expect.poll(shown).toBeLessThanOrEqual(from - 2);
      expect(await live.textContent()).toBe(before);
    } finally {
      await context.close();
    }
  });
});
