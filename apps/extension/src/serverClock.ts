/**
 * The server's clock as the extension reads it (`docs/architecture.md`, the extension): the
 * offset (server minus this browser, ms) from the live connection's pong round trips (core's
 * `clockOffsetMs`), kept in storage so a restarted worker reads time on it at once. Every time
 * the server sends (a session's end) is compared with `now()`; alarms, which fire on this
 * browser's clock, are set at `toLocal(time)`.
 */
import { clockOffsetMs, keepClockSample, type ClockSample } from "@focus/core/protocol";
import type { ChromeAdapter } from "./chromeAdapter";
import { writeState } from "./storage";

export interface ServerClock {
  /** The server's time, epoch ms. */
  now(): number;
  /** The server's clock minus this browser's, ms (0 until known). */
  offset(): number;
  /** A time of the server's clock on this browser's (for `chrome.alarms`), epoch ms. */
  toLocal(serverTime: number): number;
  /** Takes the stored offset when none is known yet (a restarted worker). */
  load(storedOffset: number): void;
  /** Takes one pong's round trip; true when the offset changed (it is then stored). */
  take(sample: ClockSample): Promise<boolean>;
}

/** A server clock over this browser's `now` (epoch ms), storing its offset through `chrome`. */
export function createServerClock(chrome: ChromeAdapter, localNow: () => number): ServerClock {
  let offset: number | null = null;
  let samples: ClockSample[] = [];
  return {
    now: () => localNow() + (offset ?? 0),
    offset: () => offset ?? 0,
    toLocal: (serverTime) => serverTime - (offset ?? 0),
    load: (storedOffset) => {
      offset ??= storedOffset;
    },
    take: async (sample) => {
      samples = keepClockSample(samples, sample);
      const next = clockOffsetMs(samples);
      if (next === offset) return false;
      offset = next;
      await writeState(chrome, { clockOffset: next });
      return true;
    },
  };
}
