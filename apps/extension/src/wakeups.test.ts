import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import type { StoredState } from "./storage";
import { FakeChrome } from "./test/fakes";
import { BADGE_COLORS } from "./timer";
import { ALARMS, applyWakeups } from "./wakeups";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const MIN = 60_000;
const focus: SharedTimerState = { isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: T0 + 25 * MIN, durationMs: 25 * MIN };
const pairing = { token: "T", apiOrigin: "http://127.0.0.1:3000", paused: false };
const state = (patch: Partial<StoredState>): StoredState => ({
  pairing,
  timer: focus,
  blocklist: null,
  connection: "open",
  blockingSignature: null,
  failedEntries: [],
  pendingReports: [],
  clockOffset: 0,
  passes: null,
  scheduleHold: null,
  ...patch,
});
const clockAt = (now: number, offset = 0) => ({ now: () => now, toLocal: (t: number) => t - offset });

describe("applyWakeups", () => {
  it("shows the minutes left and wakes at the session's end, the badge's next minute and every minute while paired", async () => {
    const chrome = new FakeChrome();
    await applyWakeups(chrome, state({}), clockAt(T0 + 30_000));
    expect(chrome.badgeSpec.text).toBe("25");
    expect(chrome.alarmsSet.get(ALARMS.sessionEnd)).toEqual({ when: T0 + 25 * MIN });
    expect(chrome.alarmsSet.get(ALARMS.badge)).toEqual({ when: T0 + MIN });
    expect(chrome.alarmsSet.get(ALARMS.heartbeat)).toEqual({ periodInMinutes: 1 });
  });

  it("shows the time left as a shrinking disc in the toolbar icon, and the extension's own icon once the session is over", async () => {
    const chrome = new FakeChrome();
    await applyWakeups(chrome, state({}), clockAt(T0));
    expect(chrome.iconDisc).toEqual({ share: 1, mode: "focus", warning: false });
    // A quarter of the session gone: three quarters of the disc left (the badge's minute wake-ups redraw it).
    await applyWakeups(chrome, state({}), clockAt(T0 + 6.25 * MIN));
    expect(chrome.iconDisc).toEqual({ share: 0.75, mode: "focus", warning: false });
    await applyWakeups(chrome, state({}), clockAt(T0 + 25 * MIN));
    expect(chrome.iconDisc).toBeNull();
    await applyWakeups(chrome, state({ timer: { ...focus, mode: "shortBreak", durationMs: 5 * MIN, endsAt: T0 + 5 * MIN } }), clockAt(T0 + 2.5 * MIN));
    expect(chrome.iconDisc).toEqual({ share: 0.5, mode: "shortBreak", warning: false });
  });

  it("turns the badge and the disc amber at the user's warning before the end, woken by the badge's minute alarm", async () => {
    const chrome = new FakeChrome();
    const blocklist = { entries: [], delayed: [], mode: "blocklist" as const, passesPerDay: 3, schedules: [], timeZone: null, sessionTask: null, endWarning: "1" as const, fetchedAt: T0 };
    // Two minutes left: not yet; the next wake-up is the moment one minute is left.
    await applyWakeups(chrome, state({ blocklist }), clockAt(T0 + 23 * MIN));
    expect(chrome.badgeSpec.color).toBe(BADGE_COLORS.focus);
    expect(chrome.iconDisc).toMatchObject({ warning: false });
    expect(chrome.alarmsSet.get(ALARMS.badge)).toEqual({ when: T0 + 24 * MIN });
    await applyWakeups(chrome, state({ blocklist }), clockAt(T0 + 24 * MIN));
    expect(chrome.badgeSpec).toMatchObject({ text: "1", color: BADGE_COLORS.warning });
    expect(chrome.iconDisc).toMatchObject({ warning: true });
    // With the warning off (or a list kept before the setting existed) it stays the mode's colour.
    await applyWakeups(chrome, state({ blocklist: { ...blocklist, endWarning: "off" } }), clockAt(T0 + 24 * MIN));
    expect(chrome.badgeSpec.color).toBe(BADGE_COLORS.focus);
  });

  it("sets alarms on this browser's clock when it differs from the server's", async () => {
    const chrome = new FakeChrome();
    // The server is 2 minutes behind this browser.
    await applyWakeups(chrome, state({}), clockAt(T0, -2 * MIN));
    expect(chrome.alarmsSet.get(ALARMS.sessionEnd)).toEqual({ when: T0 + 27 * MIN });
  });

  it("clears every alarm and says off once unlinked", async () => {
    const chrome = new FakeChrome();
    await applyWakeups(chrome, state({}), clockAt(T0));
    await applyWakeups(chrome, state({ pairing: null, timer: null }), clockAt(T0));
    expect(chrome.alarmsSet.size).toBe(0);
    expect(chrome.badgeSpec.text).toBe("off");
  });
});
