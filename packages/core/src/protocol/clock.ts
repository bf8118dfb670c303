/**
 * Server time on every client (`docs/product.md`, One timer per account): a device whose own
 * clock is minutes off must still show the same time left as every other device. Each client
 * keeps a few round-trip samples (a `ping` it stamped with its own clock, the `pong` that names
 * the server's clock) and reads the server's time as its own clock plus the offset of the sample
 * with the shortest round trip (the one least blurred by network delay, as NTP's clock filter
 * does).
 */

/** One exchange: the client's clock when it sent and when it received, and the server's clock in between (epoch ms). */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverNow: number;
}

/** How many of the latest samples the offset is taken from. */
export const CLOCK_SAMPLES_KEPT = 8;

/** A round trip longer than this says nothing useful about the offset, ms. */
const CLOCK_SAMPLE_MAX_RTT_MS = 10_000;

/**
 * The server's clock minus this client's clock, ms, from `samples` (any order): the offset of the
 * sample with the shortest round trip, assuming the server stamped it half-way. 0 without a
 * usable sample (a round trip that is negative or longer than CLOCK_SAMPLE_MAX_RTT_MS).
 */
export function clockOffsetMs(samples: readonly ClockSample[]): number {
  let best: { rtt: number; offset: number } | null = null;
  for (const sample of samples) {
    const rtt = sample.receivedAt - sample.sentAt;
    if (rtt < 0 || rtt > CLOCK_SAMPLE_MAX_RTT_MS) continue;
    const offset = sample.serverNow - (sample.sentAt + rtt / 2);
    if (best === null || rtt < best.rtt) best = { rtt, offset };
  }
  return best === null ? 0 : Math.round(best.offset);
}

/**
 * Adds a sample to the kept ones: the newest CLOCK_SAMPLES_KEPT, so a clock that is changed
 * (the user sets it right) is followed within a few exchanges.
 */
export function keepClockSample(samples: readonly ClockSample[], sample: ClockSample): ClockSample[] {
  return [...samples, sample].slice(-CLOCK_SAMPLES_KEPT);
}
