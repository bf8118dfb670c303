import { describe, expect, it } from "vitest";
import { CLOCK_SAMPLES_KEPT, clockOffsetMs, keepClockSample, type ClockSample } from "./clock";

const T = 1_800_000_000_000;

describe("server time on a client", () => {
  it("reads a clock 2 minutes fast as 2 minutes ahead of the server, from the shortest round trip", () => {
    const fast = 120_000;
    const samples: ClockSample[] = [
      // 400 ms round trip, the server answered late in it: an offset 150 ms off.
      { sentAt: T + fast, receivedAt: T + fast + 400, serverNow: T + 350 },
      // 20 ms round trip: the true offset within 10 ms.
      { sentAt: T + fast + 5000, receivedAt: T + fast + 5020, serverNow: T + 5010 },
    ];
    expect(clockOffsetMs(samples)).toBe(-fast);
    expect(clockOffsetMs([samples[0]!])).toBe(-fast + 150);
  });

  it("is 0 without a usable sample (none, a negative round trip, one over 10 s)", () => {
    expect(clockOffsetMs([])).toBe(0);
    expect(clockOffsetMs([{ sentAt: T, receivedAt: T - 5, serverNow: T + 9999 }])).toBe(0);
    expect(clockOffsetMs([{ sentAt: T, receivedAt: T + 20_000, serverNow: T + 99_999 }])).toBe(0);
  });

  it("keeps the newest samples only, so a clock set right is followed", () => {
    let samples: ClockSample[] = [{ sentAt: T, receivedAt: T + 1, serverNow: T + 60_000 }];
    for (let i = 1; i <= CLOCK_SAMPLES_KEPT; i++) samples = keepClockSample(samples, { sentAt: T + i, receivedAt: T + i + 10, serverNow: T + i + 5 });
    expect(samples).toHaveLength(CLOCK_SAMPLES_KEPT);
    expect(clockOffsetMs(samples)).toBe(0);
  });
});
