/**
 * Settings, "Notify this device when a session ends, even with the screen locked"
 * (`usePushNotifications`, `docs/product.md`, Notifications on a locked phone): the switch
 * subscribes this browser and saves the subscription, switches off again, and says plainly why
 * it cannot when the browser has no push, the permission is refused or the push service cannot
 * be reached, staying usable from the keyboard.
 */
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loggedIn, mockFetch, renderRoute } from "@/test/render";
import { PUSH_MESSAGES } from "./usePushNotifications";

const SWITCH = { name: "Notify this device when a session ends, even with the screen locked" };
const PUBLIC_KEY = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";
const ENDPOINT = "https://fcm.googleapis.com/fcm/send/this-browser";
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "p", auth: "a" } };

/** The key's bytes, as the app must hand them to `pushManager.subscribe`. */
function bytesOf(base64url: string): number[] {
  return Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "="), (c) => c.charCodeAt(0));
}

/** A browser with push: a service worker registration whose push manager `subscribe` runs as given. */
function browserWithPush(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribe?: () => Promise<never> } = {}) {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => object; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(
      options.subscribe ??
        (async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
          current = { endpoint: ENDPOINT, options: { applicationServerKey: applicationServerKey.slice().buffer }, toJSON: () => SUBSCRIPTION_JSON, unsubscribe };
          return current;
        }),
    ),
  };
  const requestPermission = vi.fn(async () => {
    notification.permission = options.answer ?? "granted";
    return notification.permission;
  });
  const notification = { permission: options.permission ?? "default", requestPermission };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
  return { pushManager, unsubscribe, requestPermission };
}

function routes(extra: Record<string, { status: number; body?: unknown }> = {}) {
  return mockFetch({
    ...loggedIn(),
    "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS },
    "GET /api/push/key": { status: 200, body: { publicKey: PUBLIC_KEY } },
    "GET /api/push/subscriptions": { status: 200, body: { subscriptions: [] } },
    "POST /api/push/subscriptions": { status: 201, body: { id: 7, endpoint: ENDPOINT, createdAt: "2026-01-01T00:00:00.000Z" } },
    ...extra,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  window.localStorage.clear();
});

describe("the locked-screen notification switch", () => {
  it("subscribes this browser with the server's key and saves the subscription, then switches off again", async () => {
    const browser = browserWithPush();
    const fetchMock = routes();
    renderRoute("/settings");
    const user = userEvent.setup();
    const toggle = (await screen.findByRole("switch", SWITCH)) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);

    await user.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalled();
    const [{ applicationServerKey, userVisibleOnly }] = browser.pushManager.subscribe.mock.calls[0] as [{ applicationServerKey: Uint8Array; userVisibleOnly: boolean }];
    expect(userVisibleOnly).toBe(true);
    expect(Array.from(applicationServerKey)).toEqual(bytesOf(PUBLIC_KEY));
    const posted = fetchMock.mock.calls.find(([url, init]) => url === "/api/push/subscriptions" && init?.method === "POST");
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual(SUBSCRIPTION_JSON);

    routes({
      "GET /api/push/subscriptions": { status: 200, body: { subscriptions: [{ id: 7, endpoint: ENDPOINT, createdAt: "2026-01-01T00:00:00.000Z" }] } },
      "DELETE /api/push/subscriptions/7": { status: 204 },
    });
    // From the keyboard this time.
    toggle.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(browser.unsubscribe).toHaveBeenCalled();
  });

  it("says plainly when the push service cannot be reached, and stays usable", async () => {
    browserWithPush({ subscribe: async () => Promise.reject(new DOMException("Registration failed - push service error", "AbortError")) });
    routes();
    renderRoute("/settings");
    const user = userEvent.setup();
    const toggle = (await screen.findByRole("switch", SWITCH)) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    expect((await screen.findByRole("alert")).textContent).toBe(PUSH_MESSAGES.unreachable);
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
  });

  it("says when the browser blocks notifications", async () => {
    browserWithPush({ permission: "denied" });
    routes();
    renderRoute("/settings");
    const user = userEvent.setup();
    const toggle = (await screen.findByRole("switch", SWITCH)) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    expect((await screen.findByRole("alert")).textContent).toBe(PUSH_MESSAGES.denied);
    expect(toggle.checked).toBe(false);
  });

  it("shows it off for a browser subscribed by a session the server no longer keeps", async () => {
    const browser = browserWithPush({ permission: "granted" });
    await browser.pushManager.subscribe({ applicationServerKey: new Uint8Array(bytesOf(PUBLIC_KEY)) });
    routes();
    renderRoute("/settings");
    const toggle = (await screen.findByRole("switch", SWITCH)) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });

  it("says when this browser cannot be notified with the screen locked", async () => {
    routes();
    renderRoute("/settings");
    const toggle = (await screen.findByRole("switch", SWITCH)) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
  });

  it("tells iPhone users to add the app to the Home Screen", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1");
    routes();
    renderRoute("/settings");
    await screen.findByRole("switch", SWITCH);
    expect(screen.getByText(PUSH_MESSAGES.unsupportedIos)).toBeTruthy();
  });
});
