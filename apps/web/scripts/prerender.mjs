/**
 * After `vite build`: renders the pages a visitor opens first (src/prerender.tsx, built for Node
 * with the app's own Vite config, Preact and all) into index.html's `#root` and writes them to
 * `dist/`: `landing.html` (for `/`), `auth.html` (`/auth`) and `auth-login.html`
 * (`/auth?tab=login`). The trial's length is left as core's PAGE_TRIAL_DAYS_MARK, which the
 * server fills in with its TRIAL_DAYS (and compresses) when it starts. Every other route keeps
 * the empty shell. See docs/performance.md.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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

const { renderLanding, renderAuth, PAGE_TRIAL_DAYS_MARK: mark } = await import(pathToFileURL(path.join(outDir, "prerender.js")).href);
const shell = readFileSync(path.join(dist, "index.html"), "utf8");
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);
if (!shell.includes(mark)) throw new Error("dist/index.html does not carry core's PAGE_TRIAL_DAYS_MARK");
/** A trial length no page says otherwise: rendered, then replaced by the mark. */
const TRIAL_DAYS = 86420;

const pages = {
  "landing.html": renderLanding(TRIAL_DAYS),
  "auth.html": renderAuth("register", TRIAL_DAYS),
  "auth-login.html": renderAuth("login", TRIAL_DAYS),
};
for (const [file, html] of Object.entries(pages)) {
  const page = shell.replace(marker, `<div id="root">${html.replaceAll(String(TRIAL_DAYS), mark)}</div>`);
  writeFileSync(path.join(dist, file), page);
  process.stdout.write(`prerendered ${file} (${page.length} bytes)\n`);
}
rmSync(outDir, { recursive: true, force: true });
