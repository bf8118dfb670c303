/// <reference types="node" />
/**
 * Render worker process (`@focus/audio/worker`), started with `child_process.fork`: it renders
 * the library files its parent sends, one at a time, off the server's process. Its first
 * argument is the nice value it lowers its own priority to (0-19; the API passes 19, so the
 * operating system runs it only on CPU time the server leaves over).
 *
 * Messages: the parent sends `LibraryWorkerRequest`s; the worker answers each with a
 * `LibraryWorkerReply` (`rendered` with the file's size in bytes and its render time in
 * seconds, or `failed` with the error's message). Files are renamed into place only when
 * complete, so killing the worker midway is safe. It exits when its parent disconnects.
 */
import os from "node:os";
import { libraryItemAt, writeLibraryItem } from "./node";
import { DEFAULT_SAMPLE_RATE } from "./render";

export interface LibraryWorkerRequest {
  type: "render";
  /** The library folder, absolute. */
  dir: string;
  /** The item's path inside the library (`LibraryItem.relativePath`). */
  path: string;
  /** Length of a track, seconds. */
  trackSeconds: number;
  sampleRate?: number;
}

export type LibraryWorkerReply =
  | { type: "rendered"; path: string; seconds: number; bytes: number }
  | { type: "failed"; path: string; message: string };

/** Lowers this process's priority to `nice` (ignored where the system refuses). */
function lowerPriority(nice: number): void {
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    os.setPriority(Math.min(nice, 19));
  } catch {
    // Some systems refuse; the render still runs, at normal priority.
  }
}

async function renderRequest(request: LibraryWorkerRequest): Promise<LibraryWorkerReply> {
  const started = performance.now();
  try {
    const item = libraryItemAt(request.path);
    if (!item) throw new Error(`not a library file: ${request.path}`);
    const bytes = await writeLibraryItem(request.dir, item, request.sampleRate ?? DEFAULT_SAMPLE_RATE, request.trackSeconds);
    return { type: "rendered", path: request.path, seconds: (performance.now() - started) / 1000, bytes };
  } catch (error) {
    return { type: "failed", path: request.path, message: error instanceof Error ? error.message : String(error) };
  }
}

if (process.send) {
  lowerPriority(Number(process.argv[2] ?? 0));
  // Requests are handled in turn: a second one waits for the first.
  let queue = Promise.resolve();
  process.on("message", (request: LibraryWorkerRequest) => {
    if (request?.type !== "render") return;
    queue = queue.then(async () => {
      const reply = await renderRequest(request);
      if (process.connected) process.send?.(reply);
    });
  });
  process.on("disconnect", () => process.exit(0));
}
