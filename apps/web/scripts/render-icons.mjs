/**
 * Renders the app icons of the web app manifest (public/icons/*.png) from the logo mark, with
 * Debian's Chromium through playwright-core. Run once after changing the mark:
 * `node apps/web/scripts/render-icons.mjs`. The PNGs are committed; the build does not run this.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const out = fileURLToPath(new URL("../public/icons/", import.meta.url));
const BACKGROUND = "#0c131c"; // --background of the dark theme (packages/palette/dark.css)
const PRIMARY = "#6dd3c0"; // --primary of the dark theme

/** The mark on a square; `inset` is the share of each side left empty (maskable safe zone). */
function svg(size, { inset, rounded }) {
  const mark = size * (1 - 2 * inset);
  const scale = mark / 32;
  const offset = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${BACKGROUND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <circle cx="16" cy="16" r="9" fill="none" stroke="${PRIMARY}" stroke-width="3" stroke-linecap="round" stroke-dasharray="42 57" transform="rotate(-90 16 16)"/>
    <circle cx="16" cy="16" r="2.5" fill="${PRIMARY}"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, inset: 0.08, rounded: true, transparent: true },
  { file: "icon-512.png", size: 512, inset: 0.08, rounded: true, transparent: true },
  // Maskable: full bleed, the mark inside the central 60 % (the platform crops the rest).
  { file: "icon-maskable-512.png", size: 512, inset: 0.22, rounded: false, transparent: false },
  { file: "apple-touch-icon.png", size: 180, inset: 0.16, rounded: false, transparent: false },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`);
    await page.locator("svg").screenshot({ path: `${out}${icon.file}`, omitBackground: icon.transparent });
    await page.close();
    console.log(`wrote public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
