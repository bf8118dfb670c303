import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import { mayTakePass, mayUnpair } from "./strict";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const running = (strict: boolean): SharedTimerState => ({ isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: T0 + 1_500_000, durationMs: 1_500_000, strict });

describe("strict state", () => {
  it("keeps the extension paired during a strict focus session, and only then", () => {
    expect(mayUnpair({ timer: running(true) }, T0)).toBe(false);
    expect(mayUnpair({ timer: running(true) }, T0 + 1_500_000)).toBe(true);
    expect(mayUnpair({ timer: running(false) }, T0)).toBe(true);
    expect(mayUnpair({ timer: null }, T0)).toBe(true);
  });

  it("grants no delay pass during a strict focus session, and passes again once it has ended", () => {
    expect(mayTakePass({ timer: running(true) }, T0 + 60_000)).toBe(false);
    expect(mayTakePass({ timer: running(true) }, T0 + 1_500_000)).toBe(true);
    expect(mayTakePass({ timer: running(false) }, T0)).toBe(true);
  });
});
