/**
 * After `vite build`: renders the landing page to HTML (src/prerender.tsx, built for Node with
 * the app's own Vite config, Preact and all) and writes `dist/landing.html`, index.html with the
 * page inside `#root`, plus its `.br` and `.gz` twins. The server sends it for `/`; every other
 * route keeps the empty shell. See docs/performance.md.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { build } from "vite";

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(webRoot, "dist");
const outDir = path.join(webRoot, "node_modules", ".prerender");

await build({
  root: webRoot,
  configFile: path.join(webRoot, "vite.config.ts"),
  logLevel: "error",
  build: { ssr: "src/prerender.tsx", outDir, emptyOutDir: true, sourcemap: false },
  // Everything bundled, so the Preact aliases apply to the libraries too.
  ssr: { noExternal: true },
});

const { renderLanding } = await import(pathToFileURL(path.join(outDir, "prerender.js")).href);
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);
const page = shell.replace(marker, `<div id="root">${renderLanding()}</div>`);

writeFileSync(path.join(dist, "landing.html"), page);
writeFileSync(path.join(dist, "landing.html.br"), brotliCompressSync(page));
writeFileSync(path.join(dist, "landing.html.gz"), gzipSync(page, { level: 9 }));
rmSync(outDir, { recursive: true, force: true });
process.stdout.write(`prerendered / into dist/landing.html (${page.length} bytes)\n`);
