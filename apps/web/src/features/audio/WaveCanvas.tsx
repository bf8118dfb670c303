import { WAVE_FPS, WAVE_TYPES } from "@focus/core/audio";
import { useEffect, useRef } from "react";
import { useMediaQuery } from "@/lib/useMediaQuery";
import { cn } from "@/lib/utils";
import { wavePoints, type WaveType } from "./wave";

const HEIGHT = 120;
const INSET = 8;

/**
 * Draws one frame of `type`'s wave at `seconds` on `canvas`: the dashed middle line, a smooth
 * curve through the points and a dot on each, sized to the canvas's CSS width (px).
 */
function drawWave(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D, type: WaveType, seconds: number): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 600;
  if (canvas.width !== Math.round(width * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, HEIGHT);
  const color = getComputedStyle(canvas).color;
  // Inset so the end points and their dots are not cut by the edge.
  const pts = wavePoints(type, seconds, width - 2 * INSET, HEIGHT).map(([x, y]) => [x + INSET, y] as [number, number]);

  ctx.globalAlpha = 0.35;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 5]);
  ctx.beginPath();
  ctx.moveTo(0, HEIGHT / 2);
  ctx.lineTo(width, HEIGHT / 2);
  ctx.stroke();
  ctx.setLineDash([]);

  // A smooth curve through every point (Catmull-Rom, as cubic Béziers).
  ctx.globalAlpha = 1;
  ctx.lineWidth = 2.5;
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(pts[0]![0], pts[0]![1]);
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[i + 2] ?? p2;
    ctx.bezierCurveTo(
      p1[0] + (p2[0] - p0[0]) / 6,
      p1[1] + (p2[1] - p0[1]) / 6,
      p2[0] - (p3[0] - p1[0]) / 6,
      p2[1] - (p3[1] - p1[1]) / 6,
      p2[0],
      p2[1],
    );
  }
  ctx.stroke();

  ctx.fillStyle = color;
  for (const [x, y] of pts) {
    ctx.beginPath();
    ctx.arc(x, y, 2.5, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * The wave visualisation of the audio test page: 20 points on a canvas, redrawn at about 60 frames
 * a second while `playing`; a still frame when not playing and under prefers-reduced-motion. Drawn
 * outside React's render, one frame at a time.
 */
export function WaveCanvas({ type, playing, className }: { type: WaveType; playing: boolean; className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frozenAt = useRef(0);
  const reduceMotion = useMediaQuery("(prefers-reduced-motion: reduce)", false);
  const animate = playing && !reduceMotion;

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext?.("2d");
    if (!canvas || !ctx) return;

    const draw = (seconds: number) => drawWave(canvas, ctx, type, seconds);

    draw(frozenAt.current);
    if (!animate || typeof requestAnimationFrame !== "function") return;

    let frame = 0;
    let last = 0;
    const start = performance.now() - frozenAt.current * 1000;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (now - last < 1000 / WAVE_FPS - 2) return;
      last = now;
      frozenAt.current = (now - start) / 1000;
      draw(frozenAt.current);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [type, animate]);

  const wave = WAVE_TYPES[type];
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`${type} wave, ${wave.range}, ${wave.label}${animate ? "" : " (still)"}`}
      data-testid="wave-canvas"
      data-animating={animate ? "true" : "false"}
      height={HEIGHT}
      className={cn("block h-[120px] w-full text-primary", className)}
    />
  );
}
