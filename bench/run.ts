/**
 * `pnpm bench`: runs the sections below against the BUILT app (`pnpm build`
 * first) on loopback only, prints each section's figures as it goes and a summary table with
 * the machine at the end. Everything the bench starts (servers, socket clients, Chromium) is
 * stopped on success, failure, SIGINT and SIGTERM. Sections: http (req/s, p99 ms, each route's
 * ratio to the baseline next to its target, and another user's p99 during abuse), ws (the
 * account timer's command-to-other-devices latency, ms), mem (KiB per idle socket), rooms (round-change fan-out ms, KiB per member), js
 * (JavaScript KiB each page transfers, against its budget), lighthouse (mobile performance score,
 * LCP, CLS, TBT per page), drift (ms), render (every mood playable after a first start, s; another
 * user's GET /api/me p50/p99 while the audio library renders, beside the same with no render).
 * Knobs: see `readKnobs` in lib/common.ts and the README's "Benchmarks" section.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { CHROMIUM_PATH } from "../e2e/harness";
import type { BundleResult } from "./bundle";
import type { DriftResult } from "./drift";
import type { HttpResult } from "./http";
import { type LighthouseResult, lighthouseTable } from "./lighthouse";
import { fmt, type Knobs, percentile, readKnobs, repoRoot, runCleanups, type Section } from "./lib/common";
import type { LiveResult } from "./live";
import { playableLine as renderPlayableLine, type RenderResult, renderRows as renderTableRows } from "./render";
import type { RoomsResult } from "./rooms";

interface Results {
  http?: HttpResult;
  live?: LiveResult;
  bundle?: BundleResult;
  drift?: DriftResult;
  rooms?: RoomsResult;
  lighthouse?: LighthouseResult;
  render?: RenderResult;
}

const log = (line: string) => console.log(`  ${line}`);

function chromiumVersion(): string {
  const result = spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" });
  return result.stdout.trim() || "unknown";
}

function machineLines(): string[] {
  const cpus = os.cpus();
  return [
    `CPU      ${cpus[0]?.model ?? "unknown"} × ${cpus.length}`,
    `Memory   ${fmt(os.totalmem() / 2 ** 30, 1)} GiB total, load average ${os.loadavg().map((l) => fmt(l, 2)).join(" ")} at the end`,
    `OS       ${os.type()} ${os.release()} ${os.arch()}`,
    `Node     ${process.version}`,
    `Chromium ${chromiumVersion()}`,
  ];
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length))) ?? [];
  return rows
    .map((row, i) => {
      const line = row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join("  ");
      return i === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

function summary(results: Results, knobs: Knobs, startedAt: number): string {
  const out: string[] = ["", "=== pnpm bench summary", ...machineLines(), ""];
  const { http, live, bundle, drift, rooms, lighthouse, render } = results;
  if (http) {
    out.push(`HTTP (autocannon, ${http.connections} connections, ${http.durationS} s each, GET /api/sessions with ${http.seededSessions} sessions)`);
    const rows = [["target", "req/s", "× baseline", "target ×", "p99 ms", "target p99", "× baseline", "non-2xx", "errors"]];
    for (const t of [http.baseline, ...http.routes]) {
      const ratio = t.requestsPerSecond / http.baseline.requestsPerSecond;
      rows.push([
        t.name,
        fmt(t.requestsPerSecond, 0),
        fmt(ratio, 2),
        t.target ? `≥ ${fmt(t.target.minRatio, 2)} ${ratio >= t.target.minRatio ? "met" : "MISSED"}` : "",
        fmt(t.p99Ms, 2),
        t.target ? `≤ ${t.target.maxP99Ms} ${t.p99Ms <= t.target.maxP99Ms ? "met" : "MISSED"}` : "",
        fmt(t.p99Ms / http.baseline.p99Ms, 1),
        String(t.non2xx),
        String(t.errors),
      ]);
    }
    const { abuse } = http;
    rows.push([
      `${abuse.victim.name}, ${abuse.victimConnections} conn.`,
      fmt(abuse.victim.requestsPerSecond, 0),
      "",
      "",
      fmt(abuse.victim.p99Ms, 2),
      `≤ ${abuse.maxP99Ms} ${abuse.victim.p99Ms <= abuse.maxP99Ms ? "met" : "MISSED"}`,
      fmt(abuse.victim.p99Ms / http.baseline.p99Ms, 1),
      String(abuse.victim.non2xx),
      String(abuse.victim.errors),
    ]);
    out.push(
      table(rows),
      `(abuse: meanwhile another user posted ${abuse.abuserRequests} imports of ${fmt(abuse.importBytes / 2 ** 20, 1)} MiB: ${abuse.abuserStatuses})`,
      "",
    );
  }
  if (live?.relay) {
    const r = live.relay;
    out.push(
      `The account's timer over websockets (${r.users} users × ${r.socketsPerUser} sockets, ${r.sends} timer commands at ${r.rate}/s; ${r.refused} upgrades refused with 503 and retried)`,
      table([
        ["figure", "value"],
        ["command to other devices p50 (ms)", fmt(r.p50Ms, 2)],
        ["command to other devices p99 (ms)", fmt(r.p99Ms, 2)],
        ["command to other devices max (ms)", fmt(r.maxMs, 2)],
        ["deliveries received / expected", `${r.received} / ${r.expected}`],
      ]),
      "",
    );
  }
  if (live?.memory) {
    const m = live.memory;
    out.push(
      `Idle sockets (${m.sockets} open of ${m.requested}, ${m.users} users, ${m.clientProcesses} client processes, ${m.refused} upgrades refused with 503 and retried; server after gc)`,
      table([
        ["figure", "before", "after", "per socket (KiB)"],
        ["server RSS (MiB)", fmt(m.before.rss / 2 ** 20), fmt(m.after.rss / 2 ** 20), fmt((m.after.rss - m.before.rss) / m.sockets / 1024, 2)],
        ["server heap used (MiB)", fmt(m.before.heapUsed / 2 ** 20), fmt(m.after.heapUsed / 2 ** 20), fmt((m.after.heapUsed - m.before.heapUsed) / m.sockets / 1024, 2)],
      ]),
      "",
    );
  }
  if (rooms) {
    out.push(`Focus rooms: a round change reaching every member (target p99 ≤ 100 ms)${rooms.skipped ? `; two instances skipped: ${rooms.skipped}` : ""}`);
    const rows = [["run", "rooms × members", "reached", "p50 ms", "p99 ms", "max ms", "target", "heap KiB/member", "RSS KiB/member"]];
    for (const r of rooms.runs) {
      rows.push([
        r.name,
        `${r.rooms} × ${r.members / Math.max(r.rooms, 1)}`,
        `${r.reached}/${r.members}`,
        fmt(r.p50Ms, 1),
        fmt(r.p99Ms, 1),
        fmt(r.maxMs, 1),
        r.p99Ms <= 100 && r.reached === r.members ? "met" : "MISSED",
        fmt(r.heapKiBPerMember, 2),
        fmt(r.rssKiBPerMember, 2),
      ]);
    }
    out.push(table(rows), "");
  }
  if (bundle) {
    out.push("JavaScript each page transfers on a fresh visit at 390 × 844 (bytes on the wire, service worker blocked; budgets in e2e/pageBudgets.ts)");
    const rows = [["page", "files", "JS KiB", "budget KiB", "", "all KiB"]];
    for (const r of bundle.routes) {
      rows.push([`${r.route} (${r.label})`, String(r.scriptFiles), fmt(r.scriptBytes / 1024), String(r.budgetKiB), r.scriptBytes / 1024 <= r.budgetKiB ? "met" : "MISSED", fmt(r.totalBytes / 1024)]);
    }
    out.push(table(rows), "");
  }
  if (lighthouse) {
    out.push(`Lighthouse ${lighthouse.lighthouseVersion}, mobile preset, performance only (median of ${lighthouse.runs} runs per page)`);
    out.push(table(lighthouseTable(lighthouse)), "");
  }
  if (drift) {
    out.push(`Timer drift in Chromium (display vs wall clock; + = display behind; ${drift.how})`);
    const rows = [["moment", "drift ms", "longest timer gap ms"]];
    for (const p of drift.points) rows.push([p.label, fmt(p.driftMs, 0), fmt(p.maxTimerGapMs, 0)]);
    out.push(table(rows));
    out.push(`Reload while a session runs → the running session shown again: median ${fmt(percentile(drift.reloadMs, 50), 0)} ms, slowest ${fmt(Math.max(...drift.reloadMs), 0)} ms (${drift.reloadMs.length} reloads)`, "");
  }
  if (render) {
    out.push(`Audio library first start (a fresh AUDIO_DIR, 15:00 tracks): another user's GET /api/me at ${render.connections} connections`);
    out.push(table(renderTableRows(render)), renderPlayableLine(render.playableS));
    if (render.fullS !== null) out.push(`whole library rendered after ${fmt(render.fullS, 0)} s`);
    out.push("");
  }
  const skipped = ["http", "ws", "mem", "rooms", "js", "lighthouse", "drift", "render"].filter((s) => !knobs.sections.has(s as Section));
  if (skipped.length) out.push(`Skipped (BENCH_ONLY): ${skipped.join(", ")}`);
  out.push(`Bench took ${fmt((Date.now() - startedAt) / 1000, 0)} s`);
  return out.join("\n");
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const knobs = readKnobs();
  for (const file of ["apps/api/dist/server.js", "apps/web/dist/index.html"]) {
    if (!existsSync(join(repoRoot, file))) throw new Error(`${file} is missing: run \`pnpm build\` first`);
  }
  const results: Results = {};
  let failed = 0;
  const section = async (name: string, run: () => Promise<void>) => {
    console.log(`\n--- ${name}`);
    try {
      await run();
    } catch (error) {
      failed++;
      console.error(`  FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    } finally {
      await runCleanups();
    }
  };
  if (knobs.sections.has("http")) {
    await section("HTTP: bare fastify baseline vs the API", async () => {
      const { benchHttp, printHttp } = await import("./http");
      results.http = await benchHttp(knobs, log);
      printHttp(results.http, log);
    });
  }
  if (knobs.sections.has("ws") || knobs.sections.has("mem")) {
    await section("Websocket: idle-socket memory and the account timer's latency", async () => {
      const { benchLive } = await import("./live");
      results.live = {};
      await benchLive(knobs, log, results.live);
    });
  }
  if (knobs.sections.has("rooms")) {
    await section("Focus rooms: round change fan-out and memory per member", async () => {
      const { benchRooms } = await import("./rooms");
      results.rooms = await benchRooms(knobs.rooms, knobs.roomMembers, log);
    });
  }
  if (knobs.sections.has("js") || knobs.sections.has("lighthouse") || knobs.sections.has("drift")) {
    await section("Chromium: JavaScript per page, Lighthouse and timer drift", async () => {
      const { withBrowserServer } = await import("./browser");
      await withBrowserServer(async (server, browser) => {
        if (knobs.sections.has("js")) {
          const { benchBundle } = await import("./bundle");
          results.bundle = await benchBundle(server, browser, log);
        }
        if (knobs.sections.has("lighthouse")) {
          const { benchLighthouse } = await import("./lighthouse");
          results.lighthouse = await benchLighthouse(server, knobs.lighthouseRuns, log);
        }
        if (knobs.sections.has("drift")) {
          const { benchDrift } = await import("./drift");
          results.drift = await benchDrift(server, browser, knobs, log);
        }
      });
    });
  }
  if (knobs.sections.has("render")) {
    await section("Audio library: first start (every mood playable) and requests while it renders", async () => {
      const { benchRender } = await import("./render");
      results.render = await benchRender(knobs, log);
    });
  }
  console.log(summary(results, knobs, startedAt));
  return failed;
}

let exiting = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${signal}: stopping everything the bench started…`);
    void runCleanups().finally(() => process.exit(130));
  });
}

main().then(
  async (failed) => {
    await runCleanups();
    if (failed) console.error(`${failed} section(s) failed`);
    process.exit(failed ? 1 : 0);
  },
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await runCleanups();
    process.exit(1);
  },
);
