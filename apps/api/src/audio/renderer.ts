/**
 * Renders the audio library in the background, in worker processes at the lowest priority, so
 * requests keep their CPU (`docs/product.md`, Audio: the first track of every mood first).
 *
 * The worker is `@focus/audio/worker` (packages/audio/dist/worker.js), found through the
 * package's exports map, so it is found from src/ (tsx, tests) and from the bundled dist/ alike;
 * each worker process lowers itself to nice 19. The urgent files (the notification sounds and
 * the first missing track of each mood without one) render in URGENT_PROCESSES processes at
 * once (about 3.5 CPU minutes in all: every mood playable about 2 minutes after a first start on
 * an otherwise idle 2-core machine); the rest in REST_PROCESSES, one file at a time. Files appear in AUDIO_DIR one by one
 * as they are finished; the log says per mood when it becomes playable, and the total.
 */
import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { TRACK_SECONDS, tracksOf } from "@focus/audio";
import { type LibraryPlan, type LibrarySummary, type PlannedItem, planLibrary } from "@focus/audio/node";
import type { LibraryWorkerReply, LibraryWorkerRequest } from "@focus/audio/worker";
import { AUDIO_MOOD_IDS, audioMoodById, type AudioMoodId, type AudioPendingTrack } from "@focus/core/audio";
import type { FastifyBaseLogger } from "fastify";

/**
 * Worker processes while urgent files remain. Two on a 2-core machine: the four first tracks
 * take about 35-60 s of one core each, so one process would leave the last mood silent for
 * 3-4 minutes; at nice 19 the server still gets the CPU it asks for (bench: `BENCH_ONLY=render`).
 */
export const URGENT_PROCESSES = 2;
/** Worker processes for the rest of the library: one, so a core stays free for the server. */
export const REST_PROCESSES = 1;
/** Nice value of the worker processes: the lowest priority. */
export const RENDER_NICE = 19;

export interface LibraryRendererOptions {
  dir: string;
  /** Length of the generated tracks, seconds; null for the catalogue's (15:00). */
  trackSeconds: number | null;
  log: FastifyBaseLogger;
  /** Worker processes while urgent files remain; default URGENT_PROCESSES. */
  urgentProcesses?: number;
  /** Worker processes for the rest; default REST_PROCESSES. */
  restProcesses?: number;
  /** Nice value of the workers, 0-19; default RENDER_NICE. Tests on a busy machine pass 0. */
  nice?: number;
}

export interface LibraryRenderer {
  /** Settles when the run has finished: its summary, or null if it failed or was stopped. */
  done: Promise<LibrarySummary | null>;
  /** Stops the workers (files in progress are dropped; finished files stay). */
  stop: () => Promise<void>;
  /**
   * The catalogue tracks of `mood` this run has still to write, in render order (waits for the
   * run's plan); empty once the run is over, stopped or failed.
   */
  pending: (mood: AudioMoodId) => Promise<AudioPendingTrack[]>;
}

/** Where the worker's script is. */
export function workerScript(): string {
  return createRequire(import.meta.url).resolve("@focus/audio/worker");
}

interface Worker {
  child: ChildProcess;
  /** The file it renders, or null while idle. */
  item: PlannedItem | null;
}

const moodName = (mood: string) => audioMoodById(mood)?.name ?? mood;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The mutable state of one run, shared by its scheduler and its handle. */
interface RunState {
  workers: Set<Worker>;
  /** Files of the plan not written yet (queued or in progress), by path. */
  unwritten: Map<string, PlannedItem>;
  queue: PlannedItem[];
  stopping: boolean;
  failed: boolean;
  /** Files written by this run so far. */
  rendered: number;
}

/** What the scheduler of a run works with: its plan, its settings, its log and how it ends. */
interface RunContext {
  plan: LibraryPlan;
  run: RunState;
  /** Worker processes while urgent files remain, and for the rest. */
  limits: { urgent: number; rest: number };
  nice: number;
  /** Length of the generated tracks, seconds. */
  trackSeconds: number;
  log: FastifyBaseLogger;
  progress: Progress;
  /** performance.now() when the run began, ms. */
  started: number;
  finish: (summary: LibrarySummary | null) => void;
}

/** Starts rendering every missing library file in low-priority worker processes. */
export function startLibraryRenderer(options: LibraryRendererOptions): LibraryRenderer {
  const { dir, log } = options;
  const trackSeconds = options.trackSeconds ?? TRACK_SECONDS;
  const limits = { urgent: options.urgentProcesses ?? URGENT_PROCESSES, rest: options.restProcesses ?? REST_PROCESSES };
  const nice = options.nice ?? RENDER_NICE;
  const started = performance.now();
  const run: RunState = { workers: new Set(), unwritten: new Map(), queue: [], stopping: false, failed: false, rendered: 0 };
  let finish: (summary: LibrarySummary | null) => void = () => undefined;
  const done = new Promise<LibrarySummary | null>((resolve) => (finish = resolve));

  const planned = planLibrary({ dir, trackSeconds }).then(
    (plan) => {
      for (const item of plan.missing) run.unwritten.set(item.relativePath, item);
      run.queue = [...plan.missing];
      return plan;
    },
    (error: unknown) => {
      log.error({ err: error }, "audio library: could not read the library folder");
      return null;
    },
  );
  const progress = createProgress(log, started);

  void planned.then((plan) => {
    if (!plan || run.stopping) return finish(null);
    progress.begin(plan, limits.urgent);
    if (plan.missing.length === 0) return finish({ rendered: 0, skipped: plan.total, seconds: 0 });
    renderPlan({ plan, run, limits, nice, trackSeconds, log, progress, started, finish });
  });

  return {
    done,
    stop: async () => {
      run.stopping = true;
      await Promise.all([...run.workers].map(killWorker));
      await done;
    },
    pending: async (mood) => {
      await planned;
      if (run.stopping || run.failed) return [];
      return [...run.unwritten.values()]
        .flatMap((item) => (item.track?.mood === mood ? [{ title: item.track.title, filename: item.track.filename, path: item.relativePath }] : []));
    },
  };
}

/** Kills a worker at once (SIGKILL); settles when it has exited. */
function killWorker(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
    worker.child.once("exit", () => resolve());
    worker.child.kill("SIGKILL");
  });
}

/**
 * Forks a render worker at `nice` and lowers its priority at once; null (logged) if it could
 * not be started.
 */
function forkWorker(nice: number, log: FastifyBaseLogger): ChildProcess | null {
  let child: ChildProcess;
  try {
    child = fork(workerScript(), [String(nice)], { execArgv: [], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  } catch (error) {
    log.error({ err: error }, "audio library: could not start a render worker");
    return null;
  }
  // At once, before the child loads anything (the worker lowers itself too, where this is refused):
  // on Linux the threads it starts later inherit the priority.
  if (child.pid !== undefined && nice > 0) {
    try {
      setPriority(child.pid, nice);
    } catch {
      // Not allowed here: the worker's own call still applies.
    }
  }
  return child;
}

/**
 * Renders a plan's missing files: starts workers up to the limits, hands each the next file as
 * it finishes one, and ends the run once every worker has exited.
 */
function renderPlan(context: RunContext): void {
  const { plan, run, limits, trackSeconds, log, progress, started, finish } = context;
  const settle = () => {
    if (run.workers.size > 0) return;
    const summary = { rendered: run.rendered, skipped: plan.total - plan.missing.length, seconds: (performance.now() - started) / 1000 };
    if (!run.stopping && !run.failed) progress.end(summary);
    finish(run.stopping || run.failed ? null : summary);
  };

  /** How many workers the next file may have at work at once. */
  const limitFor = (item: PlannedItem) => (item.urgent ? limits.urgent : limits.rest);
  const busyOthers = (worker: Worker | null) => [...run.workers].filter((w) => w !== worker && w.item).length;
  const assign = (worker: Worker) => {
    const next = run.queue[0];
    if (!next || run.stopping || run.failed || busyOthers(worker) >= limitFor(next)) {
      retire(worker);
      return;
    }
    run.queue.shift();
    worker.item = next;
    const request: LibraryWorkerRequest = { type: "render", dir: plan.dir, path: next.relativePath, trackSeconds };
    worker.child.send(request);
  };
  const retire = (worker: Worker) => {
    worker.item = null;
    if (worker.child.connected) worker.child.disconnect();
  };
  const spawnWorkers = () => {
    while (!run.stopping && !run.failed && run.queue[0] && run.workers.size < limitFor(run.queue[0])) {
      const worker = spawnWorker();
      if (!worker) break;
      assign(worker);
    }
    settle();
  };
  const spawnWorker = (): Worker | null => {
    const child = forkWorker(context.nice, log);
    if (!child) {
      run.failed = true;
      return null;
    }
    const worker: Worker = { child, item: null };
    run.workers.add(worker);
    child.on("message", (reply: LibraryWorkerReply) => onReply(worker, reply));
    child.on("error", (error) => log.error({ err: error }, "audio library: render worker failed"));
    child.once("exit", (code, signal) => onExit(worker, code, signal));
    return worker;
  };
  /** A worker's file is written (the next one is handed over) or failed (the run stops). */
  const onReply = (worker: Worker, reply: LibraryWorkerReply) => {
    const item = worker.item;
    if (!item || reply.path !== item.relativePath) return;
    run.unwritten.delete(item.relativePath);
    if (reply.type === "failed") {
      log.error({ path: reply.path, error: reply.message }, `audio library: rendering ${reply.path} failed`);
      run.failed = true;
      for (const other of run.workers) other.child.kill();
      return;
    }
    run.rendered++;
    progress.rendered(item, reply, plan.total - plan.missing.length + run.rendered);
    assign(worker);
  };
  /** A worker has exited: one that died while rendering is replaced; the last one ends the run. */
  const onExit = (worker: Worker, code: number | null, signal: NodeJS.Signals | null) => {
    run.workers.delete(worker);
    if (worker.item && !run.stopping && !run.failed) {
      // Died while rendering (killed, out of memory): that file is left for the next start.
      log.warn({ code, signal, path: worker.item.relativePath }, `audio library: render worker exited early, ${worker.item.relativePath} left for the next start`);
      run.unwritten.delete(worker.item.relativePath);
      spawnWorkers();
      return;
    }
    settle();
  };
  spawnWorkers();
}

/** The progress log of a run (createProgress). */
type Progress = ReturnType<typeof createProgress>;

/** The log lines of a run: its start, each file (per mood: when it becomes playable), its end. */
function createProgress(log: FastifyBaseLogger, started: number) {
  const present = new Map<AudioMoodId, number>();
  let total = 0;
  const playableMoods = () => AUDIO_MOOD_IDS.filter((mood) => (present.get(mood) ?? 0) > 0).length;
  const elapsed = () => Math.round((performance.now() - started) / 1000);
  return {
    begin(plan: LibraryPlan, processes: number) {
      total = plan.total;
      for (const mood of AUDIO_MOOD_IDS) {
        const missing = plan.missing.filter((item) => item.track?.mood === mood).length;
        present.set(mood, tracksOf(mood).length - missing);
      }
      if (plan.missing.length === 0) {
        log.info({ dir: plan.dir, files: plan.total }, "audio library: complete, nothing to render");
        return;
      }
      log.info(
        { dir: plan.dir, missing: plan.missing.length, total: plan.total, processes, playableMoods: playableMoods() },
        `audio library: rendering ${plural(plan.missing.length, "missing file")} in the background at low priority, ` +
          `the first track of every mood first (${playableMoods()} of ${AUDIO_MOOD_IDS.length} moods playable)`,
      );
    },
    rendered(item: PlannedItem, reply: Extract<LibraryWorkerReply, { type: "rendered" }>, written: number) {
      const fields = { path: reply.path, seconds: Math.round(reply.seconds * 100) / 100, bytes: reply.bytes, elapsedSeconds: elapsed() };
      const files = `${written} of ${total} files`;
      const mood = item.track?.mood;
      if (!mood) {
        log.info(fields, `audio library: rendered ${reply.path} (${files})`);
        return;
      }
      const count = (present.get(mood) ?? 0) + 1;
      present.set(mood, count);
      const name = moodName(mood);
      if (count === 1) {
        log.info(
          { ...fields, mood, playableMoods: playableMoods() },
          `audio library: ${name} ready (1 track), ${playableMoods()} of ${AUDIO_MOOD_IDS.length} moods playable after ${elapsed()} s (${files})`,
        );
      } else {
        log.info({ ...fields, mood }, `audio library: rendered ${reply.path}, ${name} has ${count} of ${tracksOf(mood).length} tracks (${files})`);
      }
    },
    end(summary: LibrarySummary) {
      log.info(summary, `audio library: ready (${summary.rendered} rendered in ${summary.seconds.toFixed(1)} s)`);
    },
  };
}
