/**
 * The library renderer in its worker processes (the built `@focus/audio/worker`), with 1 s
 * loops instead of 15:00 so a whole library renders in seconds.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { tracksOf } from "@focus/audio";
import { audioFileListSchema } from "@focus/core/audio";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { startLibraryRenderer, workerScript } from "../src/audio/renderer";
import { createTestApp, type TestApp } from "./helpers";

const TOTAL = 16 + 4;
/**
 * Workers at normal priority here: the suite keeps both cores busy, and a nice-19 worker would
 * then get almost no CPU. What these tests check is the order, the log and the files.
 */
const BUSY_MACHINE_NICE = 0;

/** A logger that keeps the messages. */
function memoryLogger() {
  const lines: { level: string; message: string }[] = [];
  const write = (level: string) => (objOrMsg: unknown, msg?: string) =>
    lines.push({ level, message: typeof objOrMsg === "string" ? objOrMsg : (msg ?? "") });
  const log = {
    level: "info",
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    debug: write("debug"),
    trace: write("trace"),
    fatal: write("fatal"),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "focus-audio-render-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("startLibraryRenderer", () => {
  it("finds the worker script through @focus/audio's exports", () => {
    expect(existsSync(workerScript())).toBe(true);
  });

  it("renders every missing file in worker processes, the first track of every mood first, with per-mood progress in the log", async () => {
    const dir = tempDir();
    const first = memoryLogger();
    // One worker process: files finish in the order they are queued, whatever else the machine
    // is doing (with two, a busy core lets a later file finish first).
    const summary = await startLibraryRenderer({ dir, trackSeconds: 1, nice: BUSY_MACHINE_NICE, log: first.log, urgentProcesses: 1, restProcesses: 1 }).done;
    expect(summary).toMatchObject({ rendered: TOTAL, skipped: 0 });
    const messages = first.lines.map((l) => l.message);
    expect(messages[0]).toBe(
      `audio library: rendering ${TOTAL} missing files in the background at low priority, the first track of every mood first (0 of 4 moods playable)`,
    );
    expect(messages).toContainEqual(expect.stringMatching(/^audio library: rendered sounds\/bell\.mp3 \([1-4] of 20 files\)$/));
    // Each mood once "ready", and all four before any mood's second track.
    const ready = messages.flatMap((m, i) => (/ ready \(1 track\)/.test(m) ? [i] : []));
    expect(ready.map((i) => messages[i]!.replace(/^audio library: (.+) ready.*$/, "$1")).sort()).toEqual(["Creative", "Deep Work", "Light Work", "Relax"]);
    expect(ready.map((i) => messages[i]!.replace(/^.*, (\d) of 4 moods playable after \d+ s \((\d+) of 20 files\)$/, "$1 $2"))).toEqual([
      "1 5",
      "2 6",
      "3 7",
      "4 8",
    ]);
    const seconds = messages.flatMap((m, i) => (/ has \d of \d tracks/.test(m) ? [i] : []));
    expect(seconds).toHaveLength(TOTAL - 4 - 4);
    expect(Math.min(...seconds)).toBeGreaterThan(Math.max(...ready));
    expect(messages).toContain("audio library: rendered deep-work/clear-signal.mp3, Deep Work has 6 of 6 tracks (20 of 20 files)");
    expect(messages.at(-1)).toMatch(/^audio library: ready \(20 rendered in [\d.]+ s\)$/);
    expect(first.lines.filter((l) => l.level !== "info")).toEqual([]);
    expect(readdirSync(path.join(dir, "deep-work")).sort()).toHaveLength(6);

    const second = memoryLogger();
    expect(await startLibraryRenderer({ dir, trackSeconds: 1, nice: BUSY_MACHINE_NICE, log: second.log }).done).toMatchObject({ rendered: 0, skipped: TOTAL });
    expect(second.lines.map((l) => l.message)).toEqual(["audio library: complete, nothing to render"]);
  });

  it("renders only what is missing of a partly rendered library, and says which moods were playable already", async () => {
    const dir = tempDir();
    await startLibraryRenderer({ dir, trackSeconds: 1, nice: BUSY_MACHINE_NICE, log: memoryLogger().log }).done;
    rmSync(path.join(dir, "creative"), { recursive: true });
    rmSync(path.join(dir, "deep-work", "night-shift.mp3"));
    const { log, lines } = memoryLogger();
    expect(await startLibraryRenderer({ dir, trackSeconds: 1, nice: BUSY_MACHINE_NICE, log }).done).toMatchObject({ rendered: 5, skipped: TOTAL - 5 });
    const messages = lines.map((l) => l.message);
    expect(messages[0]).toMatch(/^audio library: rendering 5 missing files .* \(3 of 4 moods playable\)$/);
    expect(messages[1]).toMatch(/^audio library: Creative ready \(1 track\), 4 of 4 moods playable after \d+ s \(16 of 20 files\)$/);
  });

  it("can be stopped at once, leaving no half-written file in sight", async () => {
    const dir = tempDir();
    const { log } = memoryLogger();
    const renderer = startLibraryRenderer({ dir, trackSeconds: null, nice: BUSY_MACHINE_NICE, log });
    await renderer.stop();
    expect(await renderer.done).toBeNull();
    const visible = existsSync(dir)
      ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".mp3") && !path.basename(f).startsWith("."))
      : [];
    // Whatever was finished is complete; nothing else is listed.
    for (const file of visible) expect(file).toMatch(/^(sounds|deep-work|light-work|creative|relax)\//);
  });
});

describe("the server and the renderer", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers at once after listening, lists what is ready, and fills up in the background", async () => {
    t = await createTestApp((dir) => ({ AUDIO_DIR: path.join(dir, "audio"), AUDIO_RENDER: "on", AUDIO_TRACK_SECONDS: "1", AUDIO_RENDER_NICE: String(BUSY_MACHINE_NICE) }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    // It answers without waiting for the render: what is ready so far, not the whole mood.
    const first = await t.app.inject({ method: "GET", url: "/api/audio/local/list/deep-work" });
    expect(first.statusCode).toBe(200);
    expect((first.json() as { files: unknown[] }).files.length).toBeLessThan(6);

    let files: unknown[] = [];
    // Polled every 50 ms for up to 30 s: the test ends as soon as the sixth track is listed.
    for (let attempt = 0; attempt < 600 && files.length < 6; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      files = (await t.app.inject({ method: "GET", url: "/api/audio/local/list/deep-work" })).json().files;
    }
    expect(files).toHaveLength(6);
    expect(files[0]).toMatchObject({ name: "Steady Beta", path: "deep-work/steady-beta.mp3", durationSeconds: 1, generated: true });
    const sound = await t.app.inject({ method: "GET", url: "/sounds/chime.mp3", headers: { range: "bytes=0-1" } });
    expect(sound.statusCode).toBe(206);
  });

  it("says which tracks of a mood are still to come while the render runs, and none once it is done", async () => {
    t = await createTestApp((dir) => ({ AUDIO_DIR: path.join(dir, "audio"), AUDIO_RENDER: "on", AUDIO_TRACK_SECONDS: "1", AUDIO_RENDER_NICE: String(BUSY_MACHINE_NICE) }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const creative = tracksOf("creative").map((track) => `creative/${track.filename}`);
    const list = async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/audio/local/list/creative" });
      expect(res.statusCode).toBe(200);
      return audioFileListSchema.parse(res.json());
    };
    // Before the workers have written anything: every Creative track is to come, in render order.
    const first = await list();
    expect(first.files).toEqual([]);
    expect(first.pending).toEqual(tracksOf("creative").map((track) => ({ title: track.title, filename: track.filename, path: `creative/${track.filename}` })));
    // Meanwhile each track is either listed or to come, never both, never neither.
    let answer = first;
    for (let attempt = 0; attempt < 600 && answer.pending.length > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await list();
      expect([...answer.files.map((f) => f.path), ...answer.pending.map((p) => p.path)].sort()).toEqual([...creative].sort());
    }
    expect(answer.files.map((f) => f.path)).toEqual(creative);
    expect(answer.pending).toEqual([]);
    // A mood with no render running has nothing to come.
    expect((await list()).pending).toEqual([]);
  });

  it("says nothing is to come when rendering is off", async () => {
    t = await createTestApp((dir) => ({ AUDIO_DIR: path.join(dir, "audio"), AUDIO_RENDER: "off" }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await t.app.inject({ method: "GET", url: "/api/audio/local/list/creative" });
    expect(res.json()).toEqual({ files: [], pending: [] });
  });

  it("renders nothing with AUDIO_RENDER=off", async () => {
    t = await createTestApp((dir) => ({ AUDIO_DIR: path.join(dir, "audio"), AUDIO_RENDER: "off" }));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(path.join(t.dir, "audio"))).toBe(false);
  });
});
