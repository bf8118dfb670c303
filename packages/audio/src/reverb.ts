/**
 * A small stereo reverb after Jezar's Freeverb: eight damped feedback combs in parallel and
 * four allpass diffusers in series per channel, the right channel's delays spread a little
 * longer for width. Delay lengths are scaled from the 44.1 kHz originals.
 */

const COMB_TUNING = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASS_TUNING = [556, 441, 341, 225];
const STEREO_SPREAD = 23;
const INPUT_GAIN = 0.015;

export interface ReverbOptions {
  /** 0..1: decay time (comb feedback 0.7..0.98). */
  roomSize: number;
  /** 0..1: how fast high frequencies die away. */
  damping: number;
}

class Comb {
  private readonly buffer: Float32Array;
  private index = 0;
  private store = 0;

  constructor(
    length: number,
    private readonly feedback: number,
    private readonly damp: number,
  ) {
    this.buffer = new Float32Array(length);
  }

  tick(input: number): number {
    const out = this.buffer[this.index] as number;
    this.store = out * (1 - this.damp) + this.store * this.damp;
    this.buffer[this.index] = input + this.store * this.feedback;
    if (++this.index === this.buffer.length) this.index = 0;
    return out;
  }
}

class Allpass {
  private readonly buffer: Float32Array;
  private index = 0;

  constructor(length: number) {
    this.buffer = new Float32Array(length);
  }

  tick(input: number): number {
    const delayed = this.buffer[this.index] as number;
    this.buffer[this.index] = input + delayed * 0.5;
    if (++this.index === this.buffer.length) this.index = 0;
    return delayed - input;
  }
}

/** One channel's comb bank and diffusers. */
class Tank {
  private readonly combs: Comb[];
  private readonly allpasses: Allpass[];

  constructor(sampleRate: number, spread: number, options: ReverbOptions) {
    const scale = sampleRate / 44100;
    const feedback = 0.7 + 0.28 * clamp01(options.roomSize);
    const damp = 0.4 * clamp01(options.damping);
    this.combs = COMB_TUNING.map((t) => new Comb(Math.max(1, Math.round((t + spread) * scale)), feedback, damp));
    this.allpasses = ALLPASS_TUNING.map((t) => new Allpass(Math.max(1, Math.round((t + spread) * scale))));
  }

  tick(input: number): number {
    let out = 0;
    for (const comb of this.combs) out += comb.tick(input);
    for (const allpass of this.allpasses) out = allpass.tick(out);
    return out;
  }
}

/** A stereo reverb with state; feed it samples in order. */
export class Reverb {
  private readonly leftTank: Tank;
  private readonly rightTank: Tank;

  constructor(sampleRate: number, options: ReverbOptions) {
    this.leftTank = new Tank(sampleRate, 0, options);
    this.rightTank = new Tank(sampleRate, STEREO_SPREAD, options);
  }

  /**
   * Reads `inLeft/inRight[start, end)` and writes the wet signal to `wetLeft/wetRight` at the
   * same indices (input and output may not be the same arrays).
   */
  process(
    inLeft: Float32Array,
    inRight: Float32Array,
    wetLeft: Float32Array,
    wetRight: Float32Array,
    start = 0,
    end = inLeft.length,
  ): void {
    for (let i = start; i < end; i++) {
      const input = ((inLeft[i] as number) + (inRight[i] as number)) * INPUT_GAIN;
      wetLeft[i] = this.leftTank.tick(input);
      wetRight[i] = this.rightTank.tick(input);
    }
  }
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value));
}
