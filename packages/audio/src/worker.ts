/// <reference types="node" />
/**
 * Worker-thread entry (`@focus/audio/worker`): renders the audio library off the main thread.
 * `workerData` is `LibraryWorkerData`; every `LibraryEvent` is posted to the parent, then
 * `{ type: "error", message }` if the run failed. The parent stops it with `terminate()`;
 * files are renamed into place only when complete, so stopping midway is safe.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type LibraryEvent, renderLibrary } from "./node";

export interface LibraryWorkerData {
  dir: string;
  trackSeconds?: number;
  sampleRate?: number;
}

export type LibraryWorkerMessage = LibraryEvent | { type: "error"; message: string };

const post = (message: LibraryWorkerMessage) => parentPort?.postMessage(message);

renderLibrary({ ...(workerData as LibraryWorkerData), onEvent: post }).catch((error: unknown) =>
  post({ type: "error", message: error instanceof Error ? error.message : String(error) }),
);
