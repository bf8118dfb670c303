import { clockOffsetMs, keepClockSample, type ClockSample } from "@focus/core/protocol";
import { useSyncExternalStore } from "react";
import { useNow } from "@/lib/useNow";

/**
 * The server's clock as this browser reads it (`docs/product.md`, One timer per account): this
 * device's clock plus the offset of the best round trip over the live connection (core's
 * `clockOffsetMs`). Every time that is compared with the server's (the account timer's end, a
 * room's round, a trial's end) is read from here, so a device whose clock is minutes off shows
 * the same time as the others. Until the first sample of this page, the offset is the one this
 * device last measured (kept in this browser: it is the device's clock, not a person's), or 0.
 */
const OFFSET_KEY = "server-clock-offset";
let samples: ClockSample[] = [];
let offset = storedOffset();
let heard = false;
const listeners = new Set<() => void>();

function storedOffset(): number {
  try {
    const value = Number(window.localStorage.getItem(OFFSET_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** The server's clock now, epoch ms. */
export function serverNow(): number {
  return Date.now() + offset;
}

/** The server's clock minus this device's, ms. */
export function serverClockOffset(): number {
  return offset;
}

/** Whether this page has heard the server's clock yet (its first pong). */
export function serverClockHeard(): boolean {
  return heard;
}

/** Takes one round trip (a `pong` answering a stamped `ping`). */
export function addClockSample(sample: ClockSample): void {
  samples = keepClockSample(samples, sample);
  const next = clockOffsetMs(samples);
  if (next === offset && heard) return;
  offset = next;
  heard = true;
  try {
    window.localStorage.setItem(OFFSET_KEY, String(offset));
  } catch {
    // Storage disabled: the next page measures again.
  }
  for (const listener of listeners) listener();
}

/** Forgets every sample and the kept offset (tests). */
export function resetServerClock(): void {
  samples = [];
  heard = false;
  offset = 0;
  try {
    window.localStorage.removeItem(OFFSET_KEY);
  } catch {
    // Nothing kept.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offset as React state: re-renders when a new sample changes it. */
export function useServerClockOffset(): number {
  return useSyncExternalStore(subscribe, serverClockOffset, serverClockOffset);
}

/** Whether this page has heard the server's clock, as React state. */
export function useServerClockHeard(): boolean {
  return useSyncExternalStore(subscribe, serverClockHeard, serverClockHeard);
}

/**
 * The server's clock now, epoch ms, kept in state so renders stay pure: read on mount, every
 * `intervalMs` when given, when the page is shown again, and when the offset changes.
 */
export function useServerNow(intervalMs?: number): number {
  return useNow(intervalMs, serverNow, useServerClockOffset());
}
