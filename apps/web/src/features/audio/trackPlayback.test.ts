import { describe, expect, it, vi } from "vitest";
import type { AudioElementControls } from "./mediaElement";
import { createTrackPlayback } from "./trackPlayback";

/** An element that only keeps a position and tells time updates, as a playing <audio> would. */
function fakeMedia() {
  const element = Object.assign(new EventTarget(), { currentTime: 0, duration: 96, loop: false, paused: false, pause: vi.fn() });
  element.pause.mockImplementation(() => {
    element.paused = true;
  });
  const media = {
    element: element as unknown as HTMLAudioElement,
    seek: (seconds: number) => {
      element.currentTime = seconds;
    },
    setLoop: (loop: boolean) => {
      element.loop = loop;
    },
  } as AudioElementControls;
  /** Plays on to `seconds` of the file (after a loop, a smaller number), telling a time update. */
  const playTo = (seconds: number) => {
    element.currentTime = seconds;
    element.dispatchEvent(new Event("timeupdate"));
  };
  return { element, media, playTo };
}

const generated = { durationSeconds: 900, loopSeconds: 96 };

describe("the local player's track playback", () => {
  it("plays a generated track's 96 s loop for 15:00, counting the position across the repeats, then ends it once", () => {
    const { element, media, playTo } = fakeMedia();
    const playback = createTrackPlayback(media);
    const ended = vi.fn();
    const stop = playback.attach(ended);
    playback.setTrack(generated);
    expect(element.loop).toBe(true);
    expect(playback.progress()).toEqual({ current: 0, duration: 900 });
    playTo(60);
    playTo(95.9);
    playTo(0.2); // the loop starts again
    expect(playback.progress().current).toBeCloseTo(96.2);
    for (let loop = 1; loop < 9; loop++) {
      playTo(95.9);
      playTo(0.1);
    }
    expect(playback.progress().current).toBeCloseTo(864.1);
    expect(ended).not.toHaveBeenCalled();
    playTo(36);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(element.pause).toHaveBeenCalled();
    expect(element.loop).toBe(false);
    playTo(40);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it("seeks anywhere in the 15:00: to the right loop and place in the file", () => {
    const { element, media, playTo } = fakeMedia();
    const playback = createTrackPlayback(media);
    playback.attach(() => {});
    playback.setTrack(generated);
    playback.seek(500);
    expect(element.currentTime).toBeCloseTo(20);
    playTo(21);
    expect(playback.progress().current).toBeCloseTo(501);
    playback.seek(10); // back to the first loop: not a loop restart
    playTo(11);
    expect(playback.progress().current).toBeCloseTo(11);
  });

  it("plays the user's own file once, as the element reports it", () => {
    const { element, media, playTo } = fakeMedia();
    element.duration = 212;
    const playback = createTrackPlayback(media);
    const ended = vi.fn();
    playback.attach(ended);
    playback.setTrack({ durationSeconds: undefined });
    expect(element.loop).toBe(false);
    playTo(100);
    expect(playback.progress()).toEqual({ current: 100, duration: 212 });
    playback.seek(150);
    expect(element.currentTime).toBe(150);
    expect(ended).not.toHaveBeenCalled();
  });
});
