/**
 * The audio library's first start (`pnpm bench` section `render`): how soon every mood is
 * playable, and what the background render costs another user's requests.
 *
 * 1. A built server with rendering off: a user's `GET /api/me` at the bench's connections (50)
 *    for BENCH_DURATION_S, p50/p99 (ms) and req/s: the figures with no render running.
 * 2. A built server started on an empty AUDIO_DIR (the real 15:00 tracks): right away the same
 *    measurement while the first track of each mood renders; meanwhile, and after it, each mood's
 *    list is polled every RENDER_POLL_MS until it lists a track: seconds from the server's spawn
 *    until the mood is playable (target RENDER_PLAYABLE_TARGET_S). Then the same measurement
 *    again while the rest of the library renders. Each p99 is printed beside the no-render
 *    figure (ratio) and its target (RENDER_P99_TARGET_MS).
 * With BENCH_RENDER_FULL=1 it then waits for the whole library and prints its total time (about
 * 12 minutes more on a 2-core machine).
 */
import { AUDIO_MOOD_IDS, type AudioMoodId, audioMoodById } from "@focus/core/audio";
import { type RunningServer, removeDataDir, startServer } from "../e2e/harness";
import { cannon, type HttpTargetResult } from "./http";
import { fmt, type Knobs, onCleanup, registerBenchUser, requestJson, sleep } from "./lib/common";

/** Another user's GET /api/me p99 while the library renders, at most this, ms. */
export const RENDER_P99_TARGET_MS = 50;
/** Every mood playable within this many seconds of a first start. */
export const RENDER_PLAYABLE_TARGET_S = 120;
const RENDER_POLL_MS = 1000;
/** Longest wait for every mood to become playable, and for the whole library, s. */
const PLAYABLE_TIMEOUT_S = 600;
const FULL_TIMEOUT_S = 1800;

export interface RenderResult {
  connections: number;
  noRender: HttpTargetResult;
  /** While the first track of each mood renders (several worker processes). */
  urgent: HttpTargetResult;
  /** While the rest of the library renders; null when it was already done. */
  rest: HttpTargetResult | null;
  /** Seconds from the server's spawn until the mood's list had a track, null if never. */
  playableS: Record<AudioMoodId, number | null>;
  /** Seconds from spawn until the whole library was rendered (BENCH_RENDER_FULL=1), else null. */
  fullS: number | null;
  maxP99Ms: number;
}

async function meFigures(server: RunningServer, cookie: string, name: string, knobs: Knobs): Promise<HttpTargetResult> {
  return cannon(name, { url: `${server.url}/api/me`, headers: { cookie, origin: server.url } }, knobs);
}

/** Polls every mood's list until each has a track; fills `playableS` as they come. */
async function watchMoods(url: string, spawnedAt: number, playableS: Record<AudioMoodId, number | null>, stop: () => boolean): Promise<void> {
  while (!stop() && AUDIO_MOOD_IDS.some((mood) => playableS[mood] === null)) {
    for (const mood of AUDIO_MOOD_IDS) {
      if (playableS[mood] !== null) continue;
      const list = await requestJson(`${url}/api/audio/local/list/${mood}`);
      const files = (list.body as { files?: unknown[] } | null)?.files ?? [];
      if (files.length > 0) playableS[mood] = (performance.now() - spawnedAt) / 1000;
    }
    await sleep(RENDER_POLL_MS);
  }
}

async function withServer<T>(name: string, env: Record<string, string>, run: (server: RunningServer, spawnedAt: number) => Promise<T>): Promise<T> {
  const spawnedAt = performance.now();
  const server = await startServer({ env });
  const stop = onCleanup(name, async () => {
    await server.stop();
    removeDataDir(server.dataDir);
  });
  try {
    return await run(server, spawnedAt);
  } finally {
    await stop();
  }
}

export async function benchRender(knobs: Knobs, log: (line: string) => void): Promise<RenderResult> {
  log(`GET /api/me, ${knobs.connections} connections, no render running …`);
  // Both servers log at the production default (info: every request is logged), so the ratio compares like with like.
  const noRender = await withServer("render bench server (render off)", { LOG_LEVEL: "info" }, async (server) => meFigures(server, await registerBenchUser(server.url, "render"), "GET /api/me, no render", knobs));
  log(figureLine(noRender, noRender));

  const full = process.env.BENCH_RENDER_FULL === "1";
  return withServer("render bench server (first start)", { AUDIO_RENDER: "on", LOG_LEVEL: "info" }, async (server, spawnedAt) => {
    const playableS = Object.fromEntries(AUDIO_MOOD_IDS.map((mood) => [mood, null])) as Record<AudioMoodId, number | null>;
    let stopWatching = false;
    const watching = watchMoods(server.url, spawnedAt, playableS, () => stopWatching);
    const cookie = await registerBenchUser(server.url, "render");
    log(`GET /api/me, ${knobs.connections} connections, while the first track of each mood renders …`);
    const urgent = await meFigures(server, cookie, "GET /api/me, first tracks rendering", knobs);
    log(figureLine(urgent, noRender));
    const deadline = setTimeout(() => (stopWatching = true), PLAYABLE_TIMEOUT_S * 1000);
    await watching;
    clearTimeout(deadline);
    log(playableLine(playableS));

    let rest: HttpTargetResult | null = null;
    if (!/audio library: ready \(/.test(server.output())) {
      log(`GET /api/me, ${knobs.connections} connections, while the rest of the library renders …`);
      rest = await meFigures(server, cookie, "GET /api/me, rest rendering", knobs);
      log(figureLine(rest, noRender));
    }
    let fullS: number | null = null;
    if (full) {
      log("waiting for the whole library (BENCH_RENDER_FULL=1) …");
      const until = performance.now() + FULL_TIMEOUT_S * 1000;
      while (!/audio library: ready \(/.test(server.output()) && performance.now() < until) await sleep(1000);
      if (/audio library: ready \(/.test(server.output())) fullS = (performance.now() - spawnedAt) / 1000;
      log(`whole library rendered ${fullS === null ? "not within the timeout" : `after ${fmt(fullS, 0)} s`}`);
    }
    const progress = server
      .output()
      .split("\n")
      .flatMap((line) => {
        const message = /"msg":"(audio library: [^"]*)"/.exec(line)?.[1];
        return message && !message.startsWith("audio library: rendered sounds/") ? [message] : [];
      });
    log("the server's log:");
    for (const line of progress) log(`  ${line}`);
    return { connections: knobs.connections, noRender, urgent, rest, playableS, fullS, maxP99Ms: RENDER_P99_TARGET_MS };
  });
}

function figureLine(figures: HttpTargetResult, noRender: HttpTargetResult): string {
  const ratio = figures === noRender ? "" : ` (${fmt(figures.p99Ms / noRender.p99Ms, 2)}× no render; target ≤ ${RENDER_P99_TARGET_MS} ms: ${figures.p99Ms <= RENDER_P99_TARGET_MS ? "met" : "MISSED"})`;
  return (
    `${figures.name}: p50 ${fmt(figures.p50Ms, 2)} ms, p99 ${fmt(figures.p99Ms, 2)} ms${ratio}, ` +
    `${fmt(figures.requestsPerSecond, 0)} req/s, non-2xx ${figures.non2xx}, errors ${figures.errors}`
  );
}

/** "every mood playable after: Deep Work 41 s, …" with the target's verdict. */
export function playableLine(playableS: Record<AudioMoodId, number | null>): string {
  const parts = AUDIO_MOOD_IDS.map((mood) => `${audioMoodById(mood)?.name ?? mood} ${playableS[mood] === null ? "never" : `${fmt(playableS[mood], 0)} s`}`);
  const times = Object.values(playableS);
  const last = times.some((s) => s === null) ? Number.POSITIVE_INFINITY : Math.max(...(times as number[]));
  return `every mood playable after: ${parts.join(", ")} (target ≤ ${RENDER_PLAYABLE_TARGET_S} s: ${last <= RENDER_PLAYABLE_TARGET_S ? "met" : "MISSED"})`;
}

/** The summary table's rows. */
export function renderRows(result: RenderResult): string[][] {
  const rows = [["figure", "p50 ms", "p99 ms", "× no render", "target", "req/s"]];
  for (const figures of [result.noRender, result.urgent, result.rest]) {
    if (!figures) continue;
    const isBase = figures === result.noRender;
    rows.push([
      figures.name,
      fmt(figures.p50Ms, 2),
      fmt(figures.p99Ms, 2),
      isBase ? "" : fmt(figures.p99Ms / result.noRender.p99Ms, 2),
      isBase ? "" : `≤ ${result.maxP99Ms} ${figures.p99Ms <= result.maxP99Ms ? "met" : "MISSED"}`,
      fmt(figures.requestsPerSecond, 0),
    ]);
  }
  return rows;
}
