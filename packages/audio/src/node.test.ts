import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { infoFrameDuration, readInfoFrame } from "./mp3";
import { type LibraryEvent, libraryItems, planLibrary, renderLibrary } from "./node";
import { TRACKS, tracksOf } from "./tracks";

const dir = mkdtempSync(path.join(os.tmpdir(), "focus-audio-library-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderLibrary", () => {
  it("lists every catalogue track and notification sound, sounds first", () => {
    const items = libraryItems();
    expect(items).toHaveLength(TRACKS.length + 4);
    expect(items.slice(0, 4).map((i) => i.relativePath)).toEqual([
      "sounds/bell.mp3",
      "sounds/chime.mp3",
      "sounds/digital.mp3",
      "sounds/gentle.mp3",
    ]);
    expect(items).toContainEqual(expect.objectContaining({ relativePath: "deep-work/steady-beta.mp3" }));
  });

  it("orders the tracks round by round: the first of every mood before any mood's second", () => {
    const tracks = libraryItems().flatMap((item) => (item.track ? [item.track] : []));
    expect(tracks.slice(0, 4).map((t) => t.id)).toEqual(["deep-work/steady-beta", "light-work/morning-desk", "creative/prism", "relax/slow-tide"]);
    // Each track comes after every track of a lower rank in its mood's catalogue order.
    const rank = (track: (typeof tracks)[number]) => tracksOf(track.mood).indexOf(track);
    for (let i = 1; i < tracks.length; i++) expect(rank(tracks[i]!), tracks[i]!.id).toBeGreaterThanOrEqual(rank(tracks[i - 1]!));
    expect(new Set(tracks)).toEqual(new Set(TRACKS));
  });

  it("plans the sounds and the first missing track of each mood without one as urgent, before the rest", async () => {
    const partial = mkdtempSync(path.join(os.tmpdir(), "focus-audio-plan-"));
    try {
      // Deep Work is playable already (its second track exists); Light Work has only its first.
      mkdirSync(path.join(partial, "deep-work"));
      mkdirSync(path.join(partial, "light-work"));
      writeFileSync(path.join(partial, "deep-work", "deep-current.mp3"), "not ours: kept");
      writeFileSync(path.join(partial, "light-work", "morning-desk.mp3"), "not ours: kept");
      const plan = await planLibrary({ dir: partial, trackSeconds: 2 });
      expect(plan.total).toBe(TRACKS.length + 4);
      expect(plan.missing).toHaveLength(TRACKS.length + 4 - 2);
      expect(plan.missing.filter((item) => item.urgent).map((item) => item.relativePath)).toEqual([
        "sounds/bell.mp3",
        "sounds/chime.mp3",
        "sounds/digital.mp3",
        "sounds/gentle.mp3",
        "creative/prism.mp3",
        "relax/slow-tide.mp3",
      ]);
      expect(plan.missing.slice(6, 9).map((item) => item.relativePath)).toEqual(["deep-work/steady-beta.mp3", "light-work/open-window.mp3", "creative/sketchbook.mp3"]);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });

  it("renders every missing file into <dir>/<mood>/ and <dir>/sounds/, reporting progress", async () => {
    // Temporary files of an earlier run: one stopped long ago, one possibly still going.
    mkdirSync(path.join(dir, "sounds"), { recursive: true });
    const stale = path.join(dir, "sounds", ".bell.mp3.1-1.partial");
    const fresh = path.join(dir, "sounds", ".chime.mp3.1-2.partial");
    writeFileSync(stale, "x");
    writeFileSync(fresh, "x");
    // Both times from this process's clock, which the renderer reads too: a file's own time comes
    // from the kernel's, which a shifted clock (faketime, the check at a chosen instant) leaves.
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
    utimesSync(stale, hourAgo, hourAgo);
    utimesSync(fresh, now, now);

    const events: LibraryEvent[] = [];
    // 2 s tracks keep the test fast; the real library's are 15:00.
    const summary = await renderLibrary({ dir, trackSeconds: 2, onEvent: (e) => events.push(e) });
    expect(summary).toMatchObject({ rendered: TRACKS.length + 4, skipped: 0 });
    expect(events[0]).toEqual({ type: "start", dir, total: TRACKS.length + 4, missing: TRACKS.length + 4 });
    const rendered = events.filter((e) => e.type === "rendered");
    expect(rendered).toHaveLength(TRACKS.length + 4);
    expect(rendered.at(-1)).toMatchObject({ index: TRACKS.length + 4, total: TRACKS.length + 4 });
    expect(events.at(-1)).toMatchObject({ type: "done", rendered: TRACKS.length + 4 });

    for (const track of TRACKS) {
      const file = path.join(dir, track.mood, track.filename);
      const bytes = new Uint8Array(readFileSync(file));
      expect(readInfoFrame(bytes), file).not.toBeNull();
    }
    expect(readdirSync(path.join(dir, "relax"))).toEqual(["slow-tide.mp3"]);
    expect(() => statSync(stale)).toThrow();
    expect(statSync(fresh).isFile()).toBe(true);
  });

  it("skips files that exist, so a second run renders nothing", async () => {
    const before = statSync(path.join(dir, "deep-work", "steady-beta.mp3")).mtimeMs;
    const summary = await renderLibrary({ dir, trackSeconds: 2 });
    expect(summary).toMatchObject({ rendered: 0, skipped: TRACKS.length + 4 });
    expect(statSync(path.join(dir, "deep-work", "steady-beta.mp3")).mtimeMs).toBe(before);
  });

  it("renders a track of another length again (a library made for another length), and only the tracks", async () => {
    const summary = await renderLibrary({ dir, trackSeconds: 4 });
    expect(summary).toMatchObject({ rendered: TRACKS.length, skipped: 4 });
    expect(infoFrameDuration(new Uint8Array(readFileSync(path.join(dir, "deep-work", "steady-beta.mp3"))))).toBeCloseTo(4, 1);
    expect((await renderLibrary({ dir, trackSeconds: 4 })).rendered).toBe(0);
  });

  it("renders a deleted file again and leaves the user's own files alone", async () => {
    rmSync(path.join(dir, "creative", "prism.mp3"));
    writeFileSync(path.join(dir, "creative", "my-song.ogg"), "user data");
    const summary = await renderLibrary({ dir, trackSeconds: 4 });
    expect(summary.rendered).toBe(1);
    expect(readFileSync(path.join(dir, "creative", "my-song.ogg"), "utf8")).toBe("user data");
  });
});
