import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { pwaOptions } from "./pwa.config.js";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA(pwaOptions),
    // Every text file of the build also as .br and .gz, served as they are by the API
    // (`preCompressed` in apps/api/src/plugins/webApp.ts): no compression work per request.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], threshold: 1024 }),
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/ws": { target: apiTarget, ws: true }, "/sounds": apiTarget },
  },
  // Maps for local debugging, not referenced from the bundles and not served (webApp.ts).
  build: { sourcemap: "hidden" },
});
