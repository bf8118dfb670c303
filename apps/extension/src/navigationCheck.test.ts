import type { SharedTimerState } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import { applyBlocking } from "./blocking";
import { checkNavigation } from "./navigationCheck";
import { readBlockedPageQuery } from "./rules";
import { readState, type StoredState, writeState } from "./storage";
import { FakeChrome } from "./test/fakes";

const T0 = Date.UTC(2026, 2, 2, 9, 0);
const MIN = 60_000;
const focus: SharedTimerState = { isActive: true, currentTime: 1500, mode: "focus", progress: 0, endsAt: T0 + 25 * MIN, durationMs: 25 * MIN };

/** A paired browser in a focus session with `entries` listed (`delayed` of them on a delay page). */
async function blocking(chrome: FakeChrome, entries: string[], delayed: string[] = [], timer: SharedTimerState | null = focus) {
  const state: Partial<StoredState> = {
    pairing: { token: "T", apiOrigin: "http://localhost:3000", paused: false },
    timer,
    blocklist: { entries, delayed, mode: "blocklist", passesPerDay: 3, schedules: [], timeZone: null, sessionTask: null, endWarning: "off", fetchedAt: T0 },
  };
  await writeState(chrome, state);
  await applyBlocking(chrome, await readState(chrome), T0);
}

/** Where the tab is after the check of `url`. */
async function visit(chrome: FakeChrome, url: string, frameId = 0): Promise<string | undefined> {
  chrome.openTabs = [{ id: 7, url }];
  await checkNavigation(chrome, { tabId: 7, frameId, url }, T0 + MIN);
  return chrome.openTabs[0]?.url;
}

describe("the navigation check", () => {
  it("sends every other spelling of a listed path to the blocked page, the visit counted with the rules' key", async () => {
    const chrome = new FakeChrome();
    await blocking(chrome, ["youtube.com/shorts"]);
    for (const url of ["https://youtube.com/%73horts/x", "https://youtube.com/%53HORTS", "https://youtube.com/sh%6Frts", "https://youtube.com//shorts", "https://youtube.com/;/shorts", "https://youtube.com/shorts;x", "https://youtube.com/shorts%2Fabc", "https://youtube.com./shorts"]) {
      const landed = await visit(chrome, url);
      expect(landed, url).toContain("blocked/blocked.html");
      expect(readBlockedPageQuery(new URL(landed ?? "").search)).toMatchObject({ domain: "youtube.com" });
      expect(readBlockedPageQuery(new URL(landed ?? "").search).key).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(await visit(chrome, "https://youtube.com/watch?v=1")).toBe("https://youtube.com/watch?v=1");
  });

  it("sends a delayed site under a trailing-dot host to its delay page with the address, never past the countdown", async () => {
    const chrome = new FakeChrome();
    await blocking(chrome, ["reddit.com"], ["reddit.com"]);
    const landed = await visit(chrome, "https://reddit.com./r/all");
    expect(readBlockedPageQuery(new URL(landed ?? "").search)).toMatchObject({ delay: true, entry: "reddit.com", url: "https://reddit.com./r/all" });
  });

  it("leaves framed pages to the rules, pages of other schemes alone, and everything outside focus", async () => {
    const chrome = new FakeChrome();
    await blocking(chrome, ["youtube.com"]);
    expect(await visit(chrome, "https://youtube.com/embed/x", 3)).toBe("https://youtube.com/embed/x");
    expect(await visit(chrome, "file:///home/me/youtube.com.html")).toBe("file:///home/me/youtube.com.html");
    const idle = new FakeChrome();
    await blocking(idle, ["youtube.com"], [], { ...focus, isActive: false, endsAt: null });
    expect(await visit(idle, "https://youtube.com/")).toBe("https://youtube.com/");
  });
});
