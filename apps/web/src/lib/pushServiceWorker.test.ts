/**
 * The service worker's push part (`public/push-sw.js`, `docs/product.md`, Notifications on a
 * locked phone), run as the browser runs it (a classic script) against a fake `self` with its
 * `clients` and `registration`.
 */
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
// The file as it is served, as text.
import SCRIPT from "../../public/push-sw.js?raw";
const ORIGIN = "https://focus.example.com";

interface FakeWindow {
  url: string;
  visibilityState: "visible" | "hidden";
  focus: ReturnType<typeof vi.fn>;
}

/** Loads the script into a fake worker scope; returns a way to fire its events. */
function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const fetch = vi.fn(async () => new Response(null, { status: 201 }));
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    registration: { showNotification, pushManager: { subscribe: vi.fn() } },
    location: { origin: ORIGIN },
    fetch,
  };
  runInNewContext(SCRIPT, { self, URL, JSON, Promise });
  /** Fires `type` with `event`, resolving once its waitUntil promise settles. */
  const fire = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  const push = (payload: unknown) => fire("push", { data: { json: () => (typeof payload === "string" ? JSON.parse(payload) : payload) } });
  return { fire, push, showNotification, openWindow, fetch };
}

const NOTICE = { title: "Focus session complete", body: "Your 5-minute short break starts now.", tag: "focus-timer", url: "/app", endedAt: 1 };
const tab = (visibilityState: FakeWindow["visibilityState"], url = `${ORIGIN}/settings`): FakeWindow => ({ url, visibilityState, focus: vi.fn(async () => undefined) });

describe("the service worker's push handler", () => {
  it("shows the push as a notification with its tag, so a newer one replaces it", async () => {
    const sw = worker([tab("hidden")]);
    await sw.push(NOTICE);
    expect(sw.showNotification).toHaveBeenCalledWith("Focus session complete", expect.objectContaining({ body: NOTICE.body, tag: "focus-timer", renotify: true, data: { url: "/app" } }));
  });

  it("shows nothing when a window of the app is visible: the page already rang", async () => {
    const sw = worker([tab("hidden"), tab("visible")]);
    await sw.push(NOTICE);
    expect(sw.showNotification).not.toHaveBeenCalled();
  });

  it("ignores a payload that is not a notice, and never opens a page outside the app", async () => {
    const sw = worker();
    await sw.push("not json");
    await sw.push({ body: "no title" });
    expect(sw.showNotification).not.toHaveBeenCalled();
    await sw.push({ ...NOTICE, url: "//evil.example/" });
    expect(sw.showNotification).toHaveBeenCalledWith(NOTICE.title, expect.objectContaining({ data: { url: "/app" } }));
  });

  it("focuses a window of the app on a click, else opens /app", async () => {
    const open = tab("hidden");
    const withWindow = worker([open]);
    const close = vi.fn();
    await withWindow.fire("notificationclick", { notification: { close, data: { url: "/app" } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(withWindow.openWindow).not.toHaveBeenCalled();

    const without = worker([]);
    await without.fire("notificationclick", { notification: { close, data: { url: "/app" } } });
    expect(without.openWindow).toHaveBeenCalledWith(`${ORIGIN}/app`);
  });

  it("saves a subscription the browser renewed", async () => {
    const sw = worker();
    const renewed = { toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/new", keys: { p256dh: "p", auth: "a" } }) };
    await sw.fire("pushsubscriptionchange", { newSubscription: renewed, oldSubscription: null });
    expect(sw.fetch).toHaveBeenCalledWith("/api/push/subscriptions", expect.objectContaining({ method: "POST", body: JSON.stringify(renewed.toJSON()) }));
  });
});
