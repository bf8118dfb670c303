/**
 * Page weight: each budgeted page, loaded fresh in Chromium at phone size, transfers no more
 * JavaScript than its ceiling (e2e/pageBudgets.ts: the budget where it is met), every script
 * compressed with brotli. Prints what each
 * page loaded, largest first, so a failure says where the bytes went.
 */
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RunningServer } from "./harness";
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
});
