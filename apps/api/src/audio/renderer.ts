/**
 * Renders the audio library in a worker thread (off the request path): the worker is
 * `@focus/audio/worker` (packages/audio/dist/worker.js), found through the package's exports
 * map, so it is found from src/ (tsx, tests) and from the bundled dist/ alike. Progress goes
 * to the log; files appear in AUDIO_DIR one by one as they are finished.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { LibrarySummary } from "@focus/audio/node";
import type { LibraryWorkerData, LibraryWorkerMessage } from "@focus/audio/worker";
import type { FastifyBaseLogger } from "fastify";

export interface LibraryRendererOptions {
  dir: string;
  /** Length of the generated tracks, seconds; null for the catalogue's (15:00). */
  trackSeconds: number | null;
  log: FastifyBaseLogger;
}

export interface LibraryRenderer {
  /** Settles when the worker has finished: its summary, or null if it failed or was stopped. */
  done: Promise<LibrarySummary | null>;
  /** Stops the worker (a file in progress is dropped; finished files stay). */
  stop: () => Promise<void>;
}

/** Where the worker's script is. */
export function workerScript(): string {
  return createRequire(import.meta.url).resolve("@focus/audio/worker");
}

/** Starts rendering every missing library file in a worker thread. */
export function startLibraryRenderer({ dir, trackSeconds, log }: LibraryRendererOptions): LibraryRenderer {
  const data: LibraryWorkerData = { dir, ...(trackSeconds ? { trackSeconds } : {}) };
  let stopping = false;
  let summary: LibrarySummary | null = null;
  let worker: Worker;
  try {
    worker = new Worker(workerScript(), { workerData: data, name: "audio-library" });
  } catch (error) {
    log.error({ err: error }, "audio library: could not start the render worker");
    return { done: Promise.resolve(null), stop: async () => undefined };
  }

  worker.on("message", (message: LibraryWorkerMessage) => {
    switch (message.type) {
      case "start":
        if (message.missing === 0) log.info({ dir: message.dir, files: message.total }, "audio library: complete, nothing to render");
        else log.info({ dir: message.dir, missing: message.missing, total: message.total }, `audio library: rendering ${message.missing} missing files in a worker thread`);
        break;
      case "rendered":
        log.info(
          { path: message.path, seconds: Math.round(message.seconds * 100) / 100, bytes: message.bytes },
          `audio library: rendered ${message.path} (${message.index}/${message.total})`,
        );
        break;
      case "done":
        summary = { rendered: message.rendered, skipped: message.skipped, seconds: message.seconds };
        if (message.rendered > 0) log.info(summary, `audio library: ready (${message.rendered} rendered in ${message.seconds.toFixed(1)} s)`);
        break;
      case "error":
        log.error({ error: message.message }, "audio library: rendering failed");
        break;
    }
  });

  const done = new Promise<LibrarySummary | null>((resolve) => {
    worker.once("error", (error) => {
      log.error({ err: error }, "audio library: render worker crashed");
    });
    worker.once("exit", (code) => {
      if (code !== 0 && !stopping) log.warn({ code }, "audio library: render worker exited early");
      resolve(stopping ? null : summary);
    });
  });

  return {
    done,
    stop: async () => {
      stopping = true;
      await worker.terminate();
      await done;
    },
  };
}
