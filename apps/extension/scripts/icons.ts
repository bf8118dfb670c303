/**
 * The toolbar icons, drawn here rather than kept as binaries: the web app's favicon (a dark
 * rounded square, a teal three-quarter ring and a dot; apps/web/public/favicon.svg) rasterised
 * with 4×4 supersampling and written as PNG with node:zlib.
 */
import { Buffer } from "node:buffer";
import { deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x1b, 0x24, 0x33];
const TEAL: Rgb = [0x6f, 0xd3, 0xc1];
/** The favicon's geometry, in its 32-unit viewBox. */
const RING = { cx: 16, cy: 16, r: 9, width: 3, sweep: (42 / (2 * Math.PI * 9)) * 2 * Math.PI };

function insideRoundedSquare(x: number, y: number): boolean {
  const r = 8;
  const dx = Math.max(r - x, 0, x - (32 - r));
  const dy = Math.max(r - y, 0, y - (32 - r));
  return dx * dx + dy * dy <= r * r;
}

function onRing(x: number, y: number): boolean {
  const dx = x - RING.cx;
  const dy = y - RING.cy;
  const half = RING.width / 2;
  if (Math.hypot(dx, dy) <= 2.5) return true;
  // Angle from the top, clockwise (the SVG's rotate(-90) start).
  let angle = Math.atan2(dx, -dy);
  if (angle < 0) angle += 2 * Math.PI;
  if (angle <= RING.sweep && Math.abs(Math.hypot(dx, dy) - RING.r) <= half) return true;
  // Round caps at both ends of the arc.
  for (const a of [0, RING.sweep]) {
    const ex = RING.cx + RING.r * Math.sin(a);
    const ey = RING.cy - RING.r * Math.cos(a);
    if (Math.hypot(x - ex, y - ey) <= half) return true;
  }
  return false;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A size×size RGBA PNG of the icon. */
export function renderIcon(size: number): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (!insideRoundedSquare(x, y)) continue;
          const color = onRing(x, y) ? TEAL : BACKGROUND;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const o = 1 + px * 4;
      if (a > 0) {
        row[o] = Math.round(r / a);
        row[o + 1] = Math.round(g / a);
        row[o + 2] = Math.round(b / a);
        row[o + 3] = Math.round((a / (samples * samples)) * 255);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
