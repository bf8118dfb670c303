import { describe, expect, it } from "vitest";
import { LAME_ENCODER_DELAY, crc16, encodeMp3, frameOffsets, infoFrameDuration, parseFrameHeader, readInfoFrame } from "./mp3";

const SR = 44100;

function tone(seconds: number): [Float32Array, Float32Array] {
  const left = new Float32Array(Math.round(seconds * SR));
  for (let i = 0; i < left.length; i++) left[i] = 0.3 * Math.sin((2 * Math.PI * 441 * i) / SR);
  return [left, left.slice()];
}

describe("MP3 encoding", () => {
  it("computes LAME's CRC-16 (the ARC check value)", () => {
    const bytes = new TextEncoder().encode("123456789");
    expect(crc16(bytes, 0, bytes.length)).toBe(0xbb3d);
  });

  it("writes MPEG-1 Layer III frames at the requested sample rate", async () => {
    const [left, right] = tone(1);
    const mp3 = await encodeMp3(left, right, SR);
    const header = parseFrameHeader(mp3, 0);
    expect(header).toMatchObject({ mpeg1: true, sampleRate: SR, samplesPerFrame: 1152 });
    // The frames run back to back to the end of the file.
    const offsets = frameOffsets(mp3);
    const last = offsets[offsets.length - 1]!;
    expect(last + parseFrameHeader(mp3, last)!.length).toBe(mp3.length);
  });

  it("starts with a Xing/LAME info frame giving the exact length for gapless looping", async () => {
    const [left, right] = tone(2);
    const mp3 = await encodeMp3(left, right, SR);
    const info = readInfoFrame(mp3);
    expect(info).not.toBeNull();
    const audioFrames = frameOffsets(mp3).length - 1;
    expect(info!.frames).toBe(audioFrames);
    expect(info!.bytes).toBe(mp3.length);
    expect(info!.delay).toBe(LAME_ENCODER_DELAY);
    // frames × 1152 = delay + samples + padding: a decoder can cut out exactly the input.
    expect(audioFrames * 1152 - info!.delay - info!.padding).toBe(left.length);
    // The tag's own CRC covers its first 190 bytes.
    const view = new DataView(mp3.buffer, mp3.byteOffset);
    expect(view.getUint16(36 + 120 + 34)).toBe(crc16(mp3, 0, 190));
    expect(infoFrameDuration(mp3.subarray(0, 1024))).toBe(2);
    expect(infoFrameDuration(new Uint8Array(1024))).toBeNull();
  });
});
