import { z } from "zod";
import { recordIdSchema } from "../schemas/ids";

/**
 * Web Push on this device (`docs/product.md`, Notifications on a locked phone; `docs/api.md`,
 * Push): the subscription a browser hands the app (`PushSubscription.toJSON()`), what the server
 * answers about it, and the payload the service worker shows.
 */

/** Most push subscriptions an account keeps; saving one more drops the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Longest endpoint URL accepted, characters (real push services use about 200-500). */
const MAX_PUSH_ENDPOINT_LENGTH = 1024;

/** A base64url string (no padding) of `bytes` bytes once decoded. */
function base64urlKey(bytes: number, message: string) {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string(message).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), message);
}

/**
 * A browser's push subscription as `PushSubscription.toJSON()` writes it: the push service's
 * endpoint (an https URL; the server decides which hosts it posts to), and the keys the payload is
 * encrypted for: `p256dh`, the browser's P-256 public key (65 bytes, uncompressed), and `auth`,
 * its 16-byte secret, both base64url.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, message: "The push endpoint must be an https URL" })
    .max(MAX_PUSH_ENDPOINT_LENGTH, `The push endpoint must be at most ${MAX_PUSH_ENDPOINT_LENGTH} characters`),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlKey(65, "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url)"),
      auth: base64urlKey(16, "keys.auth must be the browser's 16-byte push secret (base64url)"),
    },
    "The push subscription needs its keys (p256dh and auth)",
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `GET /api/push/key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

/** One of the account's push subscriptions as the API answers it (never its keys). */
export const pushSubscriptionRecordSchema = z.object({
  id: recordIdSchema("Invalid push subscription id"),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionRecordSchema>;

/** `GET /api/push/subscriptions`: the account's subscriptions, oldest first. */
export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionRecordSchema) });

/**
 * What a push carries (JSON, encrypted for the subscription): the notification's `title`,
 * `body` and `tag`, the page a click opens (`url`, a path of the app), and when the session
 * ended (`endedAt`, epoch ms).
 */
export const pushNoticeSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  tag: z.string().min(1).max(64),
  url: z.string().regex(/^\/[^/]/, "url must be a path of the app"),
  endedAt: z.number().int(),
});
export type PushNotice = z.infer<typeof pushNoticeSchema>;
