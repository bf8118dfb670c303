/**
 * JavaScript per page (`pnpm bench` section js): loads each budgeted page (e2e/pageBudgets.ts)
 * in a fresh phone-sized context with the service worker blocked and prints the bytes it
 * transferred (e2e/pageWeight.ts: on the wire, after compression), script files largest first,
 * against the page's budget. The CI test pageWeight.e2e.ts fails over a budget; this prints.
 */
import type { Browser } from "playwright-core";
import type { RunningServer } from "../e2e/harness";
import { PAGE_BUDGETS } from "../e2e/pageBudgets";
import { weighPage } from "../e2e/pageWeight";
import { fmt } from "./lib/common";

/** Files listed per page, largest first. */
const LARGEST_SHOWN = Number(process.env.BENCH_FILES ?? 6);

export interface PageScripts {
  route: string;
  label: string;
  scriptFiles: number;
  /** Bytes on the wire: JavaScript, and everything. */
  scriptBytes: number;
  totalBytes: number;
  budgetKiB: number;
}

export interface BundleResult {
  routes: PageScripts[];
}

export async function benchBundle(server: RunningServer, browser: Browser, log: (line: string) => void): Promise<BundleResult> {
  const routes: PageScripts[] = [];
  for (const budget of PAGE_BUDGETS) {
    const weight = await weighPage(browser, server.url, budget.route, { signedIn: budget.signedIn });
    const scripts = weight.files.filter((f) => f.type === "Script");
    routes.push({ route: budget.route, label: budget.label, scriptFiles: scripts.length, scriptBytes: weight.scriptBytes, totalBytes: weight.totalBytes, budgetKiB: budget.scriptKiB });
    log(`${budget.route}: ${scripts.length} scripts, ${fmt(weight.scriptBytes / 1024)} KiB of JavaScript (budget ${budget.scriptKiB} KiB), ${fmt(weight.totalBytes / 1024)} KiB in all`);
    for (const f of scripts.slice(0, LARGEST_SHOWN)) log(`    ${f.path}  ${fmt(f.bytes / 1024)} KiB ${f.encoding ?? "uncompressed"}`);
    if (scripts.length > LARGEST_SHOWN) log(`    … ${scripts.length - LARGEST_SHOWN} smaller files`);
  }
  return { routes };
}
