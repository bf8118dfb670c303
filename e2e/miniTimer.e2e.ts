import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, removeDataDir, startServer, uniqueName, type RunningServer, registerOverApi, writeAudioFixtures } from "./harness";

/**
 * The mini timer controls the main window's audio both ways, end to
 * end in Debian Chromium: a mood picked in the 240×340 popup plays in the main window (its
 * <audio> element's time advances), pause from the popup pauses it there, and play from the
 * main window shows Playing in the popup. The library is a temp AUDIO_DIR of 3 s loops
 * rendered here with the built @focus/audio, as e2e/audio.e2e.ts does.
 */


const FILES: { mood: string; file: string; seed: number }[] = [
  { mood: "deep-work", file: "steady-beta.mp3", seed: 1 },
  { mood: "deep-work", file: "deep-current.mp3", seed: 2 },
  { mood: "light-work", file: "morning-desk.mp3", seed: 3 },
];

let server: RunningServer;
let browser: Browser;
let audioDir: string;
const shots = new URL("../test-output/screenshots/", import.meta.url).pathname;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  audioDir = mkdtempSync(join(tmpdir(), "focus-e2e-mini-audio-"));
  await writeAudioFixtures(audioDir, FILES);
  server = await startServer({ env: { AUDIO_DIR: audioDir } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  if (audioDir) rmSync(audioDir, { recursive: true, force: true });
});

interface MediaState {
  src: string;
  time: number;
  paused: boolean;
}

/** The last media element the page asked to play (the app's player is not in the DOM). */
async function media(page: Page): Promise<MediaState | null> {
  return page.evaluate(() => {
    const el = (window as unknown as { __media?: HTMLMediaElement[] }).__media?.at(-1);
    return el ? { src: decodeURIComponent(el.currentSrc), time: el.currentTime, paused: el.paused } : null;
  });
}

/** Waits until the main window's element plays `pathPart` and its time moves on. */
async function expectPlaying(page: Page, pathPart: string) {
  await expect
    .poll(async () => {
      const m = await media(page);
      return m !== null && m.src.includes(pathPart) && !m.paused;
    }, { timeout: 30_000 })
    .toBe(true);
  const before = (await media(page))!.time;
  await expect.poll(async () => (await media(page))!.time, { timeout: 5_000 }).not.toBe(before);
}


describe("Mini timer end to end", () => {
  it("the popup picks a mood, pauses it and follows play in the main window, all on the main window's one player", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Records every media element asked to play, in every page of the context.
    await context.addInitScript(() => {
      const seen = new Set<HTMLMediaElement>();
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        seen.add(this);
        (window as unknown as { __media: HTMLMediaElement[] }).__media = [...seen];
        return play.call(this);
      };
    });
    const page = await context.newPage();
    await registerOverApi(page, server.url, uniqueName("mini"));

    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Open mini timer" }).click()]);
    await popup.setViewportSize({ width: 240, height: 340 });
    await popup.waitForURL(`${server.url}/mini-timer`);
    await expect.poll(() => page.getByRole("button", { name: "Mini timer open" }).isVisible()).toBe(true);
    const audio = popup.getByRole("region", { name: "Audio" });
    // The main window answered miniTimerReady: the timer and the (silent) player are shown.
    await expect.poll(() => popup.getByTestId("mini-timer-display").textContent()).toBe("25:00");
    await expect.poll(() => audio.getByTestId("mini-audio-status").textContent()).toBe("Not playing");

    // A mood picked in the popup plays in the main window; the popup shows it playing.
    await audio.getByRole("button", { name: "Light Work" }).click();
    await expectPlaying(page, "light-work/morning-desk.mp3");
    await expect.poll(() => audio.getByTestId("mini-audio-track").textContent()).toBe("Morning Desk");
    await expect.poll(() => audio.getByTestId("mini-audio-status").textContent()).toBe("☀️ Light Work · Playing");
    expect(await popup.evaluate(() => (window as unknown as { __media?: unknown[] }).__media ?? [])).toEqual([]);
    await popup.screenshot({ path: `${shots}mini-timer-audio-playing.png` });

    // It fits its 240×340 window: nothing scrolls either way.
    const size = await popup.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
    expect(size.width).toBeLessThanOrEqual(240);
    expect(size.height).toBeLessThanOrEqual(340);

    // Pause from the popup pauses the main window's audio.
    await audio.getByRole("button", { name: "Pause audio" }).click();
    await expect.poll(async () => (await media(page))?.paused).toBe(true);
    await expect.poll(() => audio.getByTestId("mini-audio-status").textContent()).toBe("☀️ Light Work · Paused");
    // Until it plays again, the paused element's time never moves (a playing one reports its time
    // several times a second): checked once the next play has started.
    await page.evaluate(() => {
      const el = ((window as unknown as { __media?: HTMLMediaElement[] }).__media ?? []).at(-1);
      if (!el) throw new Error("no media element");
      const moves: number[] = [];
      (window as unknown as { __movesWhilePaused: number[] }).__movesWhilePaused = moves;
      const onUpdate = () => moves.push(el.currentTime);
      el.addEventListener("timeupdate", onUpdate);
      el.addEventListener("play", () => el.removeEventListener("timeupdate", onUpdate), { once: true });
    });

    // Play from the main window: the popup shows Playing.
    await page.getByRole("button", { name: "Play Light Work" }).click();
    await expectPlaying(page, "light-work/morning-desk.mp3");
    expect(await page.evaluate(() => (window as unknown as { __movesWhilePaused: number[] }).__movesWhilePaused)).toEqual([]);
    await expect.poll(() => audio.getByTestId("mini-audio-status").textContent()).toBe("☀️ Light Work · Playing");

    // Another mood and Change Flow from the popup (Deep Work has two tracks).
    await audio.getByRole("button", { name: "Deep Work" }).click();
    await expectPlaying(page, "deep-work/");
    const first = (await media(page))!.src;
    await audio.getByRole("button", { name: "Change Flow" }).click();
    await expect.poll(async () => (await media(page))!.src, { timeout: 20_000 }).not.toBe(first);
    await expectPlaying(page, "deep-work/");
    await expect
      .poll(async () => [await page.getByTestId("now-playing").first().textContent(), await audio.getByTestId("mini-audio-track").textContent()])
      .toSatisfy(([main, mini]) => main === mini && /Steady Beta|Deep Current/.test(main ?? ""));

    // Keyboard: Tab reaches the popup's audio buttons with a visible focus ring.
    await popup.keyboard.press("Tab");
    const outline = await popup.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
    expect(outline).not.toBe("none");
    await context.close();
  });
});
