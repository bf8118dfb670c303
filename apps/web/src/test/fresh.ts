/**
 * The web project's first setup file. The web test files of a worker share one module graph and
 * one document (`isolate: false` in vitest.config.ts): React, Testing Library and the other
 * libraries load once per worker. What a file could leave to the next is dropped here, before
 * the file imports anything: the app's own modules (their module state, and any module that a
 * previous file's `vi.mock` reached through its imports: they are evaluated again, with this
 * file's mocks), fake timers, spies, stubbed globals, the storage and the document. It runs
 * before test/instant.ts, which sets the file's clock: putting the real timers back after that
 * would take the clock away. setup.ts imports the app's modules it uses in its hooks, so it
 * resets the instances the file's tests use.
 */
import { vi } from "vitest";

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.resetModules();
if (typeof document !== "undefined") {
  localStorage.clear();
  sessionStorage.clear();
  // The theme's class and attributes on <html> too.
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
}
