/**
 * Lighthouse (`pnpm bench` section lighthouse): the `lighthouse` package's mobile preset
 * (a mid-range phone on slow 4G, simulated) drives Debian's Chromium over its debugging port
 * and scores `/`, `/auth` and `/app` (a freshly registered user, its session cookie sent with
 * every request). Each page runs `BENCH_LIGHTHOUSE_RUNS` times; the median run by performance
 * score is reported with its LCP, CLS and TBT, against the targets in e2e/pageBudgets.ts.
 */
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, freePort, launchBrowser, type RunningServer } from "../e2e/harness";
import { LIGHTHOUSE_TARGETS, PAGE_BUDGETS } from "../e2e/pageBudgets";
import { fmt, onCleanup, registerBenchUser } from "./lib/common";

export interface LighthouseRow {
  route: string;
  label: string;
  /** Performance score 0-100 of the median run, and every run's score. */
  performance: number;
  scores: number[];
  minPerformance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

export interface LighthouseResult {
  runs: number;
  rows: LighthouseRow[];
  lighthouseVersion: string;
}

/** Times a run is tried again when Lighthouse's trace of the load fails (NO_NAVSTART and the like, now and then). */
const RETRIES = 2;

type Flags = NonNullable<Parameters<typeof lighthouse>[1]>;

/** One Lighthouse run of `url`; a run whose trace failed is tried again, up to RETRIES times. */
async function auditOnce(url: string, flags: Flags, log: (line: string) => void) {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= RETRIES) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    log(`${new URL(url).pathname}: Lighthouse run failed (${lhr.runtimeError.code}), running it again`);
  }
}

export async function benchLighthouse(server: RunningServer, runs: number, log: (line: string) => void): Promise<LighthouseResult> {
  const port = await freePort();
  const browser = await launchBrowser({ args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  const closeBrowser = onCleanup("lighthouse chromium", () => browser.close());
  const rows: LighthouseRow[] = [];
  let lighthouseVersion = "unknown";
  try {
    const cookie = await registerBenchUser(server.url, "lh");
    for (const budget of PAGE_BUDGETS) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await auditOnce(`${server.url}${budget.route}`, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(budget.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        }, log);
        lighthouseVersion = lhr.lighthouseVersion;
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== budget.route) throw new Error(`${budget.route} ended on ${landed}`);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: metric("largest-contentful-paint"),
          cls: metric("cumulative-layout-shift"),
          tbtMs: metric("total-blocking-time"),
          fcpMs: metric("first-contentful-paint"),
        });
      }
      const sorted = [...results].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      rows.push({ route: budget.route, label: budget.label, scores: results.map((r) => r.performance), minPerformance: budget.minPerformance, ...median });
      log(
        `${budget.route} (${budget.label}): performance ${median.performance} (runs ${results.map((r) => r.performance).join(", ")}; target ≥ ${budget.minPerformance}), ` +
          `LCP ${fmt(median.lcpMs / 1000, 2)} s, CLS ${fmt(median.cls, 3)}, TBT ${fmt(median.tbtMs, 0)} ms, FCP ${fmt(median.fcpMs / 1000, 2)} s`,
      );
    }
  } finally {
    await closeBrowser();
  }
  return { runs, rows, lighthouseVersion };
}

/** Summary lines: each page's median run against the targets. */
export function lighthouseTable(result: LighthouseResult): string[][] {
  const rows = [["page", "performance", "target", "LCP s", "≤ 2.0", "CLS", `≤ ${LIGHTHOUSE_TARGETS.maxCls}`, "TBT ms", "runs"]];
  for (const r of result.rows) {
    rows.push([
      `${r.route} (${r.label})`,
      String(r.performance),
      `≥ ${r.minPerformance} ${r.performance >= r.minPerformance ? "met" : "MISSED"}`,
      fmt(r.lcpMs / 1000, 2),
      r.lcpMs <= LIGHTHOUSE_TARGETS.maxLcpMs ? "met" : "MISSED",
      fmt(r.cls, 3),
      r.cls <= LIGHTHOUSE_TARGETS.maxCls ? "met" : "MISSED",
      fmt(r.tbtMs, 0),
      r.scores.join(" "),
    ]);
  }
  return rows;
}
