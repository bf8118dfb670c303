import type { VitePWAOptions } from "vite-plugin-pwa";

/** Theme colours of the dark theme (`--background` of packages/palette/dark.css), the default theme. */
const BACKGROUND = "#0c131c";

/** GET calls whose last answer is kept for offline use: the user, settings, sessions and tasks. */
const OFFLINE_API = /\/api\/(?:me|settings|sessions(?:\/range)?|tasks)(?:\?.*)?$/;

/**
 * Installable, offline-capable app (`docs/offline.md`) with vite-plugin-pwa (Workbox generateSW).
 * The service worker precaches the built app shell and every route chunk, so /app, /mini-timer and
 * the statistics open with the network off; navigations fall back to the precached index.html. The
 * user, settings, sessions and tasks GETs go network-first with the last good answer kept in the
 * `focus-api` cache for when the server cannot be reached.
 *
 * Updates never reload on their own (`registerType: "prompt"`, no skipWaiting): a new version
 * waits until the user accepts the prompt (features/offline/UpdatePrompt.tsx), so a running
 * timer is never cut off. `clientsClaim` only matters on the first install (no older version
 * is running then), so the first visit is already served and cached by the worker.
 * The worker is registered from the app's own code (`virtual:pwa-register`), never an inline
 * script: the CSP is `script-src 'self'`. It also loads `public/push-sw.js` (`importScripts`): the
 * notification of a push at a session's end (`docs/product.md`, Notifications on a locked phone).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: "prompt",
  injectRegister: false,
  // The glob below already precaches every icon and the manifest.
  includeManifestIcons: false,
  manifest: {
    id: "/app",
    name: "Focus Flow",
    short_name: "Focus Flow",
    description: "Calm focus sessions, focus audio and site blocking.",
    start_url: "/app",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    categories: ["productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
    navigateFallback: "/index.html",
    // Never answer API calls, the live socket, sounds or files (the extension zip) with the app.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/ws\//, /^\/sounds\//, /\/[^/]+\.[a-z0-9]+$/i],
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    // Shows the server's push at a session's end; served from the app's own origin.
    importScripts: ["/push-sw.js"],
    runtimeCaching: [
      {
        urlPattern: OFFLINE_API,
        method: "GET",
        handler: "NetworkFirst",
        options: {
          cacheName: "focus-api",
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
