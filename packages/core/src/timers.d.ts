// The core targets every JavaScript runtime (browser, worker, service worker, Node) and so
// includes neither the DOM nor Node types; these are the only host timers it uses.
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
// Web Crypto's random source, on every one of those runtimes (the timer's seed).
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
