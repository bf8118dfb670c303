/**
 * The toolbar icon as a visual timer (`docs/product.md`, The timer: a visual timer): while a
 * session runs or is paused, the extension's icon is the disc of the time left (core's
 * `discPath`, in the mode's colour, amber in the warning before the end), drawn on an OffscreenCanvas in the service worker, so time
 * left shows from any tab; otherwise the extension's own icon.
 */
import { DISC_BACKGROUND, discColour, discPath } from "@focus/core/timer";
import type { DiscSpec } from "./timer";

/** Sizes drawn: Chrome picks the one for the screen's density. */
const SIZES = [16, 32] as const;

/** The disc for `disc` at `size` px, as ImageData: the app's rounded square, the faint track, the sector left. */
export function drawDisc(disc: DiscSpec, size: number): ImageData {
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context for the toolbar icon");
  const scale = size / 32;
  context.scale(scale, scale);
  context.fillStyle = DISC_BACKGROUND;
  context.beginPath();
  context.roundRect(0, 0, 32, 32, 8);
  context.fill();
  const colour = discColour(disc.mode, disc.warning);
  context.strokeStyle = colour;
  context.globalAlpha = 0.35;
  context.lineWidth = 1.5;
  context.beginPath();
  context.arc(16, 16, 12, 0, 2 * Math.PI);
  context.stroke();
  context.globalAlpha = 1;
  context.fillStyle = colour;
  const sector = discPath(disc.share, 16, 16, 12);
  if (sector !== "") context.fill(new Path2D(sector));
  return context.getImageData(0, 0, size, size);
}

/** The disc at every size Chrome asks for, keyed by size. */
export function discImages(disc: DiscSpec): Record<string, ImageData> {
  return Object.fromEntries(SIZES.map((size) => [String(size), drawDisc(disc, size)]));
}
