import { describe, expect, it } from "vitest";
import { createServerClock } from "./serverClock";
import { readState } from "./storage";
import { FakeChrome } from "./test/fakes";

const T0 = Date.UTC(2026, 2, 2, 9, 0);

describe("the server's clock", () => {
  it("reads this browser's clock until a pong says otherwise, then the server's, and keeps the offset", async () => {
    const chrome = new FakeChrome();
    let local = T0;
    const clock = createServerClock(chrome, () => local);
    expect(clock.now()).toBe(T0);
    // This browser is 2 minutes fast: a pong sent at its T0+2min is answered at the server's T0+20 ms.
    local = T0 + 120_000 + 40;
    expect(await clock.take({ sentAt: T0 + 120_000, receivedAt: local, serverNow: T0 + 20 })).toBe(true);
    expect(clock.offset()).toBe(-120_000);
    expect(clock.now()).toBe(T0 + 40);
    expect(clock.toLocal(T0 + 25 * 60_000)).toBe(T0 + 27 * 60_000);
    expect((await readState(chrome)).clockOffset).toBe(-120_000);
  });

  it("takes a stored offset only when it knows none (a restarted worker), and reports an unchanged offset as such", async () => {
    const chrome = new FakeChrome();
    const clock = createServerClock(chrome, () => T0);
    clock.load(5000);
    expect(clock.now()).toBe(T0 + 5000);
    clock.load(9000);
    expect(clock.offset()).toBe(5000);
    expect(await clock.take({ sentAt: T0, receivedAt: T0, serverNow: T0 + 5000 })).toBe(false);
  });
});
