/**
 * MP3 encoding with LAME (wasm-media-encoders), plus the Xing/LAME info frame LAME writes
 * when it encodes to a file but not when it streams: frame and byte counts (so players know
 * the exact duration of a VBR file), a seek table, and the encoder delay and padding, which
 * gapless-aware decoders (FFmpeg, so Chromium; Firefox; Safari) use to drop the silence
 * LAME adds at both ends. Without it a loop would have a short gap at its seam.
 */
import { createMp3Encoder } from "wasm-media-encoders";

export interface Mp3Options {
  /** LAME VBR quality 0 (best) .. 9. Default 3 (about 160–200 kbit/s for noise). */
  vbrQuality?: number;
}

/** LAME's encoder delay, samples (the decoder adds another 529). */
export const LAME_ENCODER_DELAY = 576;

const CHUNK = 1152 * 64;

/** Encodes stereo float PCM (−1..1) to an MP3 file with a Xing/LAME info frame. */
export async function encodeMp3(
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
  options: Mp3Options = {},
): Promise<Uint8Array> {
  const vbrQuality = options.vbrQuality ?? 3;
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 2, vbrQuality });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < left.length; start += CHUNK) {
    const end = Math.min(left.length, start + CHUNK);
    parts.push(encoder.encode([left.subarray(start, end), right.subarray(start, end)]).slice());
  }
  parts.push(encoder.finalize().slice());
  const audio = concat(parts);
  return withInfoFrame(audio, left.length, vbrQuality);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG1_RATES = [44100, 48000, 32000];

/** A parsed MPEG audio frame header (Layer III only). */
export interface FrameHeader {
  mpeg1: boolean;
  sampleRate: number;
  bitrateKbps: number;
  /** Frame length in bytes. */
  length: number;
  samplesPerFrame: number;
  mono: boolean;
}

/** Parses the Layer III frame header at `offset`, or null when there is none. */
export function parseFrameHeader(data: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > data.length) return null;
  const b1 = data[offset + 1] as number;
  const b2 = data[offset + 2] as number;
  const b3 = data[offset + 3] as number;
  if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1 = Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const base = MPEG1_RATES[rateIndex] as number;
  const sampleRate = mpeg1 ? base : version === 2 ? base / 2 : base / 4;
  const bitrateKbps = (mpeg1 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex] as number;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((mpeg1 ? 144000 : 72000) * bitrateKbps) / sampleRate) + padding;
  return { mpeg1, sampleRate, bitrateKbps, length, samplesPerFrame: mpeg1 ? 1152 : 576, mono: b3 >> 6 === 3 };
}

/** Offsets of consecutive frames from the start of `data`. */
export function frameOffsets(data: Uint8Array): number[] {
  const offsets: number[] = [];
  let offset = 0;
  while (offset < data.length) {
    const header = parseFrameHeader(data, offset);
    if (!header) break;
    offsets.push(offset);
    offset += header.length;
  }
  return offsets;
}

/** Prepends the Xing/LAME info frame to LAME's raw frames. */
function withInfoFrame(audio: Uint8Array, samples: number, vbrQuality: number): Uint8Array {
  const offsets = frameOffsets(audio);
  const first = parseFrameHeader(audio, 0);
  if (!first || offsets.length === 0) return audio;

  // Same stream parameters as the audio; a bitrate whose frame holds the tag (128 kbit/s for
  // MPEG-1, 64 for MPEG-2), no padding, no CRC.
  const bitrateIndex = first.mpeg1 ? 9 : 8;
  const header = new Uint8Array(4);
  header[0] = 0xff;
  header[1] = (audio[1] as number) | 1;
  header[2] = (bitrateIndex << 4) | ((audio[2] as number) & 0x0c);
  header[3] = (audio[3] as number) & 0xcf; // keep mode and emphasis, clear mode extension
  const tagHeader = parseFrameHeader(header, 0);
  if (!tagHeader) return audio;
  const frame = new Uint8Array(tagHeader.length);
  frame.set(header);
  const sideInfo = first.mpeg1 ? (first.mono ? 17 : 32) : first.mono ? 9 : 17;
  const base = 4 + sideInfo;
  const view = new DataView(frame.buffer);
  const totalBytes = frame.length + audio.length;
  const frames = offsets.length;

  writeAscii(frame, base, "Xing");
  view.setUint32(base + 4, 0x0f); // frames, bytes, TOC, quality present
  view.setUint32(base + 8, frames);
  view.setUint32(base + 12, totalBytes);
  for (let i = 0; i < 100; i++) {
    const frameIndex = Math.min(frames - 1, Math.floor((i / 100) * frames));
    const byteOffset = frame.length + (offsets[frameIndex] as number);
    frame[base + 16 + i] = Math.min(255, Math.floor((byteOffset / totalBytes) * 256));
  }
  view.setUint32(base + 116, Math.max(0, Math.min(100, vbrQuality * 10)));

  const lame = base + 120;
  writeAscii(frame, lame, "LAME3.100");
  frame[lame + 9] = 4; // tag revision 0, VBR method: vbr-new (mtrh)
  const padding = frames * first.samplesPerFrame - LAME_ENCODER_DELAY - samples;
  if (padding >= 0 && padding < 4096) {
    frame[lame + 21] = LAME_ENCODER_DELAY >> 4;
    frame[lame + 22] = ((LAME_ENCODER_DELAY & 0x0f) << 4) | (padding >> 8);
    frame[lame + 23] = padding & 0xff;
  }
  frame[lame + 24] = first.sampleRate === 44100 ? 0x40 : first.sampleRate === 48000 ? 0x80 : first.sampleRate > 48000 ? 0xc0 : 0;
  view.setUint32(lame + 28, totalBytes);
  view.setUint16(lame + 32, crc16(audio, 0, audio.length));
  view.setUint16(lame + 34, crc16(frame, 0, lame + 34));

  const out = new Uint8Array(totalBytes);
  out.set(frame);
  out.set(audio, frame.length);
  return out;
}

function writeAscii(target: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) target[offset + i] = text.charCodeAt(i);
}

let crcTable: Uint16Array | null = null;

/** CRC-16 (polynomial 0x8005 reflected, initial 0), as LAME's info tag uses. */
export function crc16(data: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint16Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
      crcTable[i] = c;
    }
  }
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (crcTable[(crc ^ (data[i] as number)) & 0xff] as number);
  return crc;
}

/** What the info frame of an MP3 made by `encodeMp3` says (for tests and tools). */
export function readInfoFrame(data: Uint8Array): { frames: number; bytes: number; delay: number; padding: number } | null {
  const header = parseFrameHeader(data, 0);
  if (!header) return null;
  const base = 4 + (header.mpeg1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17);
  const tag = String.fromCharCode(...data.subarray(base, base + 4));
  if (tag !== "Xing" && tag !== "Info") return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const lame = base + 120;
  return {
    frames: view.getUint32(base + 8),
    bytes: view.getUint32(base + 12),
    delay: ((data[lame + 21] as number) << 4) | ((data[lame + 22] as number) >> 4),
    padding: (((data[lame + 22] as number) & 0x0f) << 8) | (data[lame + 23] as number),
  };
}

/**
 * Playing time of an MP3 made by `encodeMp3` from its info frame (frames × samples per frame
 * − delay − padding), seconds; null when the data does not start with one. Only the first
 * kilobyte is needed.
 */
export function infoFrameDuration(data: Uint8Array): number | null {
  const header = parseFrameHeader(data, 0);
  const info = data.length >= 200 ? readInfoFrame(data) : null;
  if (!header || !info) return null;
  const samples = info.frames * header.samplesPerFrame - info.delay - info.padding;
  return samples > 0 ? samples / header.sampleRate : null;
}
