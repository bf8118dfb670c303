/**
 * Which push endpoints the server posts to (`docs/api.md`, Push). A subscription's endpoint is
 * an address a browser's push service gave it, but the server takes it from a client: accepted
 * blindly, it would let anyone make the server post to any address (an internal one included).
 * Only https addresses of the browsers' push services are accepted; PUSH_ANY_ENDPOINT=on
 * accepts any https address (tests and local development). Pushes are only ever sent over https.
 */

/** Host names (and, with a leading dot, every host under a domain) of the browsers' push services. */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet, Brave
  "fcm.googleapis.com",
  // Firefox
  ".push.services.mozilla.com",
  // Edge on Windows
  ".notify.windows.com",
  // Safari (macOS, and iOS/iPadOS apps added to the Home Screen)
  "web.push.apple.com",
] as const;

/** The message of a refused endpoint (400). */
export const ENDPOINT_REFUSED_MESSAGE = "This push address is not one of a browser's push services, so Focus Flow cannot send to it.";

/**
 * Whether the server may post pushes to `endpoint`: an https URL on a push service's host
 * without user name, password or port; with `anyEndpoint`, any https URL.
 */
export function acceptsPushEndpoint(endpoint: string, anyEndpoint: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  if (anyEndpoint) return true;
  if (url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) => (allowed.startsWith(".") ? host.endsWith(allowed) && host.length > allowed.length : host === allowed));
}
