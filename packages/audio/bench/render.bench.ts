/**
 * Render speed: the real-time factor (seconds of audio per second of work) of rendering one
 * minute of stereo 44.1 kHz for each mood's base preset, on one core (the renderer is
 * single-threaded JavaScript). Then the measured figures of every catalogue track as shipped
 * (its full loop): modulation rate and depth against the preset's, loudness (LUFS), sample
 * peak (dBFS), spectral centroid (Hz). Run: `pnpm --filter @focus/audio bench`.
 */
import { MEASURE_SECONDS, MOODS, MOOD_PRESETS, TRACKS, analyse, render } from "../src/index";

const SECONDS = 60;
const SAMPLE_RATE = 44100;

// Warm-up, so the JIT has compiled the hot loops before timing.
render(MOOD_PRESETS["deep-work"], 1, 4, SAMPLE_RATE);

let totalAudio = 0;
let totalWall = 0;
console.log(`Rendering ${SECONDS} s of stereo ${SAMPLE_RATE / 1000} kHz per mood, one core`);
for (const mood of MOODS) {
  const started = performance.now();
  const audio = render(MOOD_PRESETS[mood], 1, SECONDS, SAMPLE_RATE);
  const wall = (performance.now() - started) / 1000;
  totalAudio += audio.loopSeconds;
  totalWall += wall;
  console.log(`${mood.padEnd(11)} ${wall.toFixed(2).padStart(6)} s   real-time factor ${(audio.loopSeconds / wall).toFixed(1)}x`);
}
console.log(`all moods   ${totalWall.toFixed(2).padStart(6)} s   real-time factor ${(totalAudio / totalWall).toFixed(1)}x`);

console.log(`\nEvery catalogue track as shipped (rendered as ${MEASURE_SECONDS} s loops): measured (preset)`);
console.log("track                          AM rate Hz      AM depth        LUFS    peak dBFS  centroid Hz");
for (const track of TRACKS) {
  const audio = render(track.preset, track.seed, MEASURE_SECONDS, SAMPLE_RATE);
  const r = analyse(audio.left, audio.right, SAMPLE_RATE);
  const { rateHz, depth } = track.preset.modulation;
  console.log(
    `${track.id.padEnd(30)} ${r.modulationPeakHz.toFixed(2).padStart(6)} (${String(rateHz).padStart(4)})  ` +
      `${r.modulationDepth.toFixed(2)} (${depth.toFixed(2)})  ${r.loudnessLufs.toFixed(2).padStart(8)}  ` +
      `${r.samplePeakDbfs.toFixed(2).padStart(9)}  ${r.spectralCentroidHz.toFixed(0).padStart(10)}`,
  );
}
