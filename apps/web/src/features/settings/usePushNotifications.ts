import type { PushSubscriptionRecord } from "@focus/core/push";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/api";

/**
 * This device's push at a session's end (`docs/product.md`, Notifications on a locked phone;
 * routes in `docs/api.md`, Push): a browser push subscription, kept per device (never a synced
 * setting). On subscribes with the server's VAPID key and saves the subscription; off deletes it
 * on the server and unsubscribes the browser. The switch is on only when this browser has a
 * subscription the server keeps for this account, so a browser another account (or a signed-out
 * session) subscribed shows off.
 */

/** What a user reads when this device cannot be notified, or something went wrong. */
export const PUSH_MESSAGES = {
  unsupported: "This browser can't notify this device when the screen is locked. The sound and notification of the open app still work.",
  unsupportedIos:
    "On iPhone and iPad, Safari notifies only apps added to the Home Screen: tap Share, then Add to Home Screen, open Focus Flow from there and switch this on.",
  noWorker: "Focus Flow's service worker is not running in this tab yet. Reload the page, then switch this on.",
  denied: "Your browser blocks notifications for this site. Allow them in the site settings, then switch this on again.",
  dismissed: "Notifications were not allowed, so this device can't be notified. Switch this on again to be asked once more.",
  unreachable:
    "This browser couldn't reach its push service, so it can't be notified with the screen locked. Try again later; the open app still rings at each session's end.",
  offline: "Focus Flow's server couldn't be reached. Try again when you're online.",
} as const;

export type PushStatus = "checking" | "unavailable" | "off" | "on";

export interface PushNotifications {
  status: PushStatus;
  /** A switch change is under way. */
  busy: boolean;
  /** What to tell the user (why it is unavailable, or why the last change failed), else null. */
  message: string | null;
  setEnabled: (on: boolean) => Promise<void>;
}

/** iPhone or iPad (iPadOS reports itself as a Mac with touch). */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);
}

/** Why this browser cannot receive pushes at all, or null when it can. */
function unsupportedReason(): string | null {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (supported) return null;
  return isAppleMobile() ? PUSH_MESSAGES.unsupportedIos : PUSH_MESSAGES.unsupported;
}

/** A base64url key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether the subscription was made with `key` (the server's VAPID key may have changed). */
function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

const listSubscriptions = async () => (await api.get<{ subscriptions: PushSubscriptionRecord[] }>("/api/push/subscriptions")).subscriptions;

/** Asks for the notification permission (from the switch's click); the message when it is not granted. */
async function permissionProblem(): Promise<string | null> {
  if (Notification.permission === "granted") return null;
  if (Notification.permission === "denied") return PUSH_MESSAGES.denied;
  const answer = await Notification.requestPermission();
  if (answer === "granted") return null;
  return answer === "denied" ? PUSH_MESSAGES.denied : PUSH_MESSAGES.dismissed;
}

/** Subscribes this browser with the server's key (reusing a subscription made with it) and saves it on the server. */
async function subscribe(registration: ServiceWorkerRegistration): Promise<void> {
  const { publicKey } = await api.get<{ publicKey: string }>("/api/push/key");
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeWithKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    if (error instanceof DOMException && error.name === "NotAllowedError") throw new Error(PUSH_MESSAGES.denied);
    throw new Error(PUSH_MESSAGES.unreachable);
  }
  await api.post("/api/push/subscriptions", subscription.toJSON());
}

/** Deletes this browser's subscription on the server, then in the browser. */
async function unsubscribe(registration: ServiceWorkerRegistration): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  const saved = (await listSubscriptions()).find((record) => record.endpoint === subscription.endpoint);
  if (saved) await api.delete(`/api/push/subscriptions/${saved.id}`);
  await subscription.unsubscribe();
}

/** The state of this device's push at a session's end, and the switch's action (see the module comment). */
export function usePushNotifications(): PushNotifications {
  const [unsupported] = useState(unsupportedReason);
  const [status, setStatus] = useState<PushStatus>(unsupported ? "unavailable" : "checking");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(unsupported);
  const registration = useRef<ServiceWorkerRegistration | null>(null);

  useEffect(() => {
    if (unsupported) return;
    let live = true;
    void (async () => {
      const found = (await navigator.serviceWorker.getRegistration()) ?? null;
      registration.current = found;
      if (!found) {
        if (live) {
          setStatus("unavailable");
          setMessage(PUSH_MESSAGES.noWorker);
        }
        return;
      }
      const subscription = await found.pushManager.getSubscription();
      const saved = subscription ? (await listSubscriptions()).some((record) => record.endpoint === subscription.endpoint) : false;
      if (live) setStatus(saved && Notification.permission === "granted" ? "on" : "off");
    })().catch(() => live && setStatus("off"));
    return () => {
      live = false;
    };
  }, [unsupported]);

  const setEnabled = useCallback(async (on: boolean) => {
    const current = registration.current;
    if (!current) return;
    setBusy(true);
    setMessage(null);
    try {
      if (on) {
        const problem = await permissionProblem();
        if (problem) throw new Error(problem);
        await subscribe(current);
      } else {
        await unsubscribe(current);
      }
      setStatus(on ? "on" : "off");
    } catch (error) {
      // A fetch that got no answer throws a TypeError; everything else carries its own words.
      setMessage(error instanceof TypeError ? PUSH_MESSAGES.offline : error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }, []);

  return { status, busy, message, setEnabled };
}
