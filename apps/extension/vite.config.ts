/**
 * Builds the extension with Vite: the popup and blocked pages as HTML
 * entries, the service worker as a module entry, shared code (core, zod, xstate) in chunks.
 * A small plugin adds the manifest and the icons, then packs dist/unpacked/ into
 * dist/focus-extension.zip with fflate; the API serves that zip at the site root.
 *
 * Build configuration (environment, read only here):
 * - FOCUS_APP_ORIGINS: comma-separated origins of the web app the built package pairs with
 *   (written into the manifest's externally_connectable and host_permissions; the extension
 *   reads them from there at run time, config.ts). Default
 *   http://localhost:3000,http://127.0.0.1:3000. Each origin is exact: scheme, host and port;
 *   the first is the app the popup opens before pairing. This only sets up dist/unpacked and
 *   the zip in dist: the API serves the zip with the manifest rewritten for its own origin
 *   (`docs/architecture.md`, "The extension and its app origin").
 * - FOCUS_EXTENSION_DIST: where unpacked/ and focus-extension.zip go. Default apps/extension/dist.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { renderIcon } from "./scripts/icons";
import { appOriginsFrom, buildManifest, ICON_SIZES } from "./src/manifest";

const root = fileURLToPath(new URL(".", import.meta.url));
const distDir = process.env.FOCUS_EXTENSION_DIST ? path.resolve(process.env.FOCUS_EXTENSION_DIST) : path.join(root, "dist");
const outDir = path.join(distDir, "unpacked");
const zipFile = path.join(distDir, "focus-extension.zip");

const appOrigins = appOriginsFrom(process.env.FOCUS_APP_ORIGINS);

/** Every file under `dir`, relative, with forward slashes, sorted (a stable zip). */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
    });
}

/** Adds manifest.json and the icons to the bundle, and zips the result. */
function extensionPackage(): Plugin {
  return {
    name: "focus-extension-package",
    apply: "build",
    generateBundle() {
      const manifest = buildManifest({ appOrigins });
      this.emitFile({ type: "asset", fileName: "manifest.json", source: `${JSON.stringify(manifest, null, 2)}\n` });
      for (const size of ICON_SIZES) this.emitFile({ type: "asset", fileName: `icons/icon-${size}.png`, source: renderIcon(size) });
    },
    closeBundle() {
      // Files at the zip's root, dated alike, so the same build gives the same zip.
      const mtime = new Date("2026-01-01T00:00:00Z");
      const files = filesUnder(outDir);
      const zip = zipSync(Object.fromEntries(files.map((file) => [file, [readFileSync(path.join(outDir, file)), { mtime }]])), { level: 9 });
      writeFileSync(zipFile, zip);
      this.info?.(`focus-extension.zip: ${files.length} files, ${Math.round(zip.length / 1024)} KiB, app ${appOrigins.join(", ")}`);
    },
  };
}

export default defineConfig({
  root: path.join(root, "src"),
  publicDir: false,
  plugins: [extensionPackage()],
  // @focus/core from its source: the bundler keeps only the modules the extension uses.
  resolve: { conditions: ["source", ...defaultClientConditions] },
  build: {
    outDir,
    emptyOutDir: true,
    target: "chrome116",
    // Chrome needs no modulepreload polyfill, and extension pages allow no inline script.
    modulePreload: false,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        popup: path.join(root, "src/popup/popup.html"),
        blocked: path.join(root, "src/blocked/blocked.html"),
        background: path.join(root, "src/background.ts"),
      },
      output: {
        // The service worker keeps a fixed name (the manifest points at it).
        entryFileNames: (chunk) => (chunk.name === "background" ? "background.js" : "assets/[name]-[hash].js"),
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
