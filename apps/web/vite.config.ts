import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defaultClientConditions, defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { pageChunk, timedPageChunk } from "./chunks.config.js";
import { pwaOptions } from "./pwa.config.js";

/**
 * The app is written against React's API and runs on Preact (`preact/compat`) in the browser,
 * built and in `vite` dev alike: React DOM alone is about 54 KiB compressed, Preact about 11 KiB,
 * which is what lets a phone's first visit fit the page budgets (`docs/performance.md`). The
 * component tests (Vitest, happy-dom) render with React itself: Testing Library drives React's
 * `act`; the end-to-end tests run the Preact build.
 */
const PREACT = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

/**
 * `pnpm bench` times the chunk grouping callback (`scripts/bench.mjs`, its web build step):
 * FOCUS_BUILD_TIMINGS names the file its calls and time go to. Unset, the callback runs bare.
 */
const timedGrouping = process.env.FOCUS_BUILD_TIMINGS ? timedPageChunk(process.env.FOCUS_BUILD_TIMINGS) : null;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA(pwaOptions),
    // Every text file of the build also as .br and .gz, served as they are by the API
    // (`preCompressed` in apps/api/src/plugins/webApp.ts): no compression work per request.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], threshold: 1024 }),
    ...(timedGrouping ? [timedGrouping.plugin] : []),
  ],
  resolve: {
    alias: [{ find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) }, ...(process.env.VITEST ? [] : PREACT)],
    // @focus/core from its source (its `source` export condition): each page's chunk keeps only
    // the core modules it uses, where core's bundled dist would bring every schema and chart.
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/ws": { target: apiTarget, ws: true }, "/sounds": apiTarget },
  },
  // Maps for local debugging, not referenced from the bundles and not served (webApp.ts).
  build: {
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        // A few shared chunks instead of dozens of tiny ones (each file costs a request and its
        // headers on a phone): libraries grouped by what needs them, the pages split as routes.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](?:preact|react-router|react-router-dom|@tanstack|scheduler)[\\/]/, priority: 4 },
            // What every button needs (the landing's too); the rest of Radix goes with the pages that use it.
            { name: "ui", test: /node_modules[\\/](?:tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(?:slot|compose-refs))[\\/]/, priority: 3 },
            // The icons four or more pages use; a page's own icons travel in its chunk.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 3, minShareCount: 4 },
            // zod apart from React Hook Form: a page that parses without a form skips the latter.
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: "forms", test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]/, priority: 3 },
            { name: "xstate", test: /node_modules[\\/](?:xstate|@xstate)[\\/]/, priority: 3 },
            // The app's own modules by the budgeted pages that show them (chunks.config.ts).
            { name: timedGrouping?.pageChunk ?? pageChunk, debugName: "pages", priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
