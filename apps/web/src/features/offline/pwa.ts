/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from "virtual:pwa-register";
import { appUpdate } from "./appUpdate";

/** How often a long-open tab (a focus timer stays open all day) asks for a new version, ms. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (pwa.config.ts) from the app's own code, as the CSP
 * (`script-src 'self'`) wants. A new version never takes over by itself: it waits until the
 * user accepts the update prompt, so a running timer is never cut off by a reload.
 * `onFirstControl` runs when the very first worker takes control of this page (nothing was
 * cached yet), so the caller can load its data again through it for offline use.
 */
export function registerServiceWorker({ onFirstControl }: { onFirstControl?: () => void } = {}): void {
  if (!("serviceWorker" in navigator)) return;
  if (!navigator.serviceWorker.controller && onFirstControl) {
    navigator.serviceWorker.addEventListener("controllerchange", onFirstControl, { once: true });
  }
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => appUpdate.offer(() => update(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.warn("Service worker registration failed; the app works online only", error),
  });
}
