/**
 * Page weight: each budgeted page, loaded fresh in Chromium at phone size, transfers no more
 * JavaScript than its ceiling (e2e/pageBudgets.ts: the budget where it is met), every script
 * compressed with brotli. Prints what each
 * page loaded, largest first, so a failure says where the bytes went. The landing page arrives
 * already rendered, and stays on screen while the app takes over.
 */
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerInUi, removeDataDir, startServer, uniqueName, type RunningServer } from "./harness";
import { serverAndBrowserPerFile } from "./serverAndBrowser";
import { PAGE_BUDGETS } from "./pageBudgets";
import { weighPage } from "./pageWeight";

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

describe("page weight on a phone", () => {
  let server: RunningServer;
  let browser: Browser;
  serverAndBrowserPerFile((started) => ({ server, browser } = started));

  for (const budget of PAGE_BUDGETS) {
    it(`${budget.route} (${budget.label}) transfers at most ${budget.ceilingKiB} KiB of JavaScript, all of it compressed`, async () => {
      const weight = await weighPage(browser, server.url, budget.route, { signedIn: budget.signedIn });
      const scripts = weight.files.filter((f) => f.type === "Script");
      console.log(
        `${budget.route}: ${kib(weight.scriptBytes)} KiB of JavaScript in ${scripts.length} files (budget ${budget.scriptKiB} KiB${budget.ceilingKiB > budget.scriptKiB ? `, not yet met; ceiling ${budget.ceilingKiB} KiB` : ""}), ${kib(weight.totalBytes)} KiB in all\n` +
          scripts.map((f) => `  ${kib(f.bytes).padStart(6)} KiB ${f.encoding ?? "identity"} ${f.path}`).join("\n"),
      );
      expect(scripts.filter((f) => f.encoding !== "br").map((f) => f.path)).toEqual([]);
      expect(weight.scriptBytes / 1024).toBeLessThanOrEqual(budget.ceilingKiB);
    });
  }

  it("sends the landing page already rendered: readable without scripts, and never replaced by a spinner", async () => {
    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await noScripts.newPage();
      await page.goto(`${server.url}/`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/\S/);
      await expect(page.getByRole("link", { name: /start focusing now/i }).first().isVisible()).resolves.toBe(true);
    } finally {
      await noScripts.close();
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      // From the moment the HTML is parsed, every change the app makes to the page is looked at:
      // the heading must be there after each one (the full-page spinner would have none).
      await page.addInitScript(() => {
        const seen = { changes: 0, withoutHeading: 0 };
        (window as unknown as { landingSeen: typeof seen }).landingSeen = seen;
        document.addEventListener("DOMContentLoaded", () => {
          const root = document.getElementById("root");
          if (!root?.querySelector("h1")) seen.withoutHeading += 1;
          new MutationObserver(() => {
            seen.changes += 1;
            if (!root?.querySelector("h1")) seen.withoutHeading += 1;
          }).observe(root!, { childList: true, subtree: true });
        });
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${server.url}/`);
      // The app has rendered (its first render changes the page), and then the theme button
      // answers: its click handler is the app's (the page as sent has none).
      const seenNow = () => page.evaluate(() => (window as unknown as { landingSeen: { changes: number } }).landingSeen.changes);
      await expect.poll(seenNow, { timeout: 30_000 }).toBeGreaterThan(0);
      const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
      const before = await dark();
      await page.getByRole("button", { name: /^Theme:/ }).first().click();
      await expect.poll(dark).toBe(!before);
      const seen = await page.evaluate(() => (window as unknown as { landingSeen: { changes: number; withoutHeading: number } }).landingSeen);
      expect(seen.changes).toBeGreaterThan(0);
      expect(seen.withoutHeading).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it("sends the sign-in page already rendered with the server's trial length, inert until the app takes it over", async () => {
    const nineDays = await startServer({ env: { TRIAL_DAYS: "9" } });
    try {
      const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      try {
        const page = await noScripts.newPage();
        await page.goto(`${nineDays.url}/auth`);
        expect(await page.getByRole("heading", { name: "Create your account" }).isVisible()).toBe(true);
        expect(await page.getByText("Start your 9-day free trial in about 30 seconds. No card required.").isVisible()).toBe(true);
        // Nothing is typed, tapped or sent before the app's script runs (a password never goes into an address).
        expect(await page.getByRole("button", { name: "Create Account" }).isDisabled()).toBe(true);
        expect(await page.getByLabel("Username", { exact: true }).isEditable()).toBe(false);
        expect(await page.getByRole("button", { name: "Continue as guest" }).isDisabled()).toBe(true);
        await page.goto(`${nineDays.url}/auth?tab=login`);
        expect(await page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);
      } finally {
        await noScripts.close();
      }
      // With its script the page is the app's: a visitor registers on it.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await registerInUi(page, nineDays.url, uniqueName("early"));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await nineDays.stop();
      removeDataDir(nineDays.dataDir);
    }
  });
});
