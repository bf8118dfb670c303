/**
 * Preloaded into the API server by the websocket bench (NODE_OPTIONS=--import): on SIGUSR2 it
 * runs a full garbage collection and writes `process.memoryUsage()` (bytes) as JSON to the
 * file named by BENCH_MEM_FILE. Nothing else in the server changes.
 */
import { writeFileSync } from "node:fs";
import process from "node:process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const file = process.env.BENCH_MEM_FILE;

process.on("SIGUSR2", () => {
  gc();
  gc();
  if (file) writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
