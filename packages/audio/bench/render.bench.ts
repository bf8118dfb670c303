/**
 * Render speed: the real-time factor (seconds of audio per second of work) of rendering one
 * minute of stereo 44.1 kHz for each mood's base preset, on one core (the renderer is
 * single-threaded JavaScript). Run: `pnpm --filter @focus/audio bench`.
 */
import { MOODS, MOOD_PRESETS, render } from "../src/index";

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
