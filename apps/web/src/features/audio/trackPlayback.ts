import { isLoopRestart, loopedPosition, loopedSeek, loopedTimelineOf, type AudioFile, type LoopedTimeline } from "@focus/core";
import type { AudioElementControls } from "./mediaElement";

/**
 * The local player's view of a track over its <audio> element: a generated track repeats its
 * seamless loop file (the element loops, so the seam is gapless) for its 15:00, its position
 * counted across the repeats, and ends after 15:00; any other file plays once, as the element
 * reports it (`docs/product.md`, Audio; the arithmetic is core's trackTimeline.ts).
 */
export interface TrackPlayback {
  /** Follows `track` from its start (call when its file is loaded); null for none. */
  setTrack(track: Pick<AudioFile, "durationSeconds" | "loopSeconds"> | null): void;
  /** Position and length in the track, seconds (0 and 0 before the length is known). */
  progress(): { current: number; duration: number };
  /** Moves to `seconds` of the track. */
  seek(seconds: number): void;
  /**
   * Starts following the element's position; `onEnded` is called each time a looped track
   * reaches its length (the element is paused first). Returns the stop.
   */
  attach(onEnded: () => void): () => void;
}

/**
 * The playback of `media`'s current track. A looped track's end is told to `attach`'s
 * `onEnded`; a file that plays once reports its own end through the element's `ended` event.
 */
export function createTrackPlayback(media: AudioElementControls): TrackPlayback {
  const { element } = media;
  let ended = () => {};
  let timeline: LoopedTimeline | null = null;
  let loopsDone = 0;
  let lastFileSeconds = 0;

  const follow = () => {
    if (!timeline) return;
    const now = element.currentTime;
    if (isLoopRestart(timeline, lastFileSeconds, now)) loopsDone += 1;
    lastFileSeconds = now;
    if (loopedPosition(timeline, loopsDone, now) >= timeline.durationSeconds) {
      timeline = null;
      media.setLoop(false);
      element.pause();
      ended();
    }
  };
  return {
    setTrack(track) {
      timeline = loopedTimelineOf(track);
      loopsDone = 0;
      lastFileSeconds = 0;
      media.setLoop(timeline !== null);
    },
    progress() {
      const fileDuration = Number.isFinite(element.duration) ? element.duration : 0;
      if (!timeline) return { current: element.currentTime, duration: fileDuration };
      return { current: loopedPosition(timeline, loopsDone, element.currentTime), duration: timeline.durationSeconds };
    },
    seek(seconds) {
      if (!timeline) {
        media.seek(seconds);
        return;
      }
      const target = loopedSeek(timeline, seconds);
      loopsDone = target.loopsDone;
      lastFileSeconds = target.fileSeconds;
      media.seek(target.fileSeconds);
    },
    attach(onEnded) {
      ended = onEnded;
      element.addEventListener("timeupdate", follow);
      element.addEventListener("seeked", follow);
      return () => {
        ended = () => {};
        element.removeEventListener("timeupdate", follow);
        element.removeEventListener("seeked", follow);
      };
    },
  };
}
