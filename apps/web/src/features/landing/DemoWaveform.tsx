import { useEffect, useRef } from "react";

/**
 * The landing demo wave: the Deep Work mood's own pulse (beta at 16 Hz, as its tracks are
 * rendered; a test holds it to core's catalogue), 20 points, ~60 fps.
 */
export const DEMO_WAVE = { type: "beta", frequencyHz: 16, points: 20, fps: 60 } as const;

const WIDTH = 240;
const HEIGHT = 64;
const MID = HEIGHT / 2;
/** Wave cycles across the width. */
const CYCLES = 2.5;
/**
 * A 16 Hz wave drawn at its real speed is a blur, so the drawing runs 10 times slower: the
 * phase moves 1.6 cycles a second.
 */
const SLOWDOWN = 10;

/** The wave's path at `seconds`: 20 points joined by a smooth curve (Catmull-Rom as cubic Béziers). */
export function wavePath(seconds: number): string {
  const phase = (2 * Math.PI * DEMO_WAVE.frequencyHz * seconds) / SLOWDOWN;
  const pts = Array.from({ length: DEMO_WAVE.points }, (_, i) => {
    const t = i / (DEMO_WAVE.points - 1);
    // A slow swell in amplitude makes the wave feel like sound rather than a sine plot.
    const amplitude = (HEIGHT / 2 - 6) * (0.75 + 0.25 * Math.sin(phase / 3 + t * Math.PI));
    return [t * WIDTH, MID + amplitude * Math.sin(2 * Math.PI * CYCLES * t - phase)] as const;
  });
  let d = `M${pts[0]![0].toFixed(1)},${pts[0]![1].toFixed(1)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[i + 2] ?? p2;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${c1[0]!.toFixed(1)},${c1[1]!.toFixed(1)} ${c2[0]!.toFixed(1)},${c2[1]!.toFixed(1)} ${p2[0].toFixed(1)},${p2[1].toFixed(1)}`;
  }
  return d;
}

/**
 * The animated demo waveform of the landing's feature card. Drawn into an SVG path outside
 * React's render (one attribute per frame); static under prefers-reduced-motion, and paused
 * while scrolled out of view.
 */
export function DemoWaveform({ className }: { className?: string }) {
  const pathRef = useRef<SVGPathElement>(null);
  const glowRef = useRef<SVGPathElement>(null);

  useEffect(() => {
    const draw = (seconds: number) => {
      const d = wavePath(seconds);
      pathRef.current?.setAttribute("d", d);
      glowRef.current?.setAttribute("d", d);
    };
    draw(0);
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (reduce?.matches || typeof requestAnimationFrame !== "function") return;

    let frame = 0;
    let visible = true;
    let last = 0;
    const start = performance.now();
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (!visible || now - last < 1000 / DEMO_WAVE.fps - 2) return;
      last = now;
      draw((now - start) / 1000);
    };
    frame = requestAnimationFrame(tick);

    const svg = pathRef.current?.ownerSVGElement;
    const observer =
      svg && typeof IntersectionObserver === "function"
        ? new IntersectionObserver(([entry]) => {
            visible = entry?.isIntersecting ?? true;
          })
        : undefined;
    if (svg) observer?.observe(svg);
    const onReduceChange = () => {
      if (reduce?.matches) {
        cancelAnimationFrame(frame);
        draw(0);
      }
    };
    reduce?.addEventListener?.("change", onReduceChange);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      reduce?.removeEventListener?.("change", onReduceChange);
    };
  }, []);

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Beta wave at ${DEMO_WAVE.frequencyHz} Hz, the pulse of Deep Work`}
      className={className}
      preserveAspectRatio="none"
    >
      <line x1="0" x2={WIDTH} y1={MID} y2={MID} className="stroke-border" strokeWidth="1" strokeDasharray="3 4" />
      <path ref={glowRef} fill="none" strokeWidth="7" strokeLinecap="round" className="stroke-primary/20" vectorEffect="non-scaling-stroke" />
      <path ref={pathRef} fill="none" strokeWidth="2.5" strokeLinecap="round" className="stroke-primary" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
