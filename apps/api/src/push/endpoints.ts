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

/** A host name as the push services spell theirs: lower-case letters, digits, dots and hyphens only. */
const PLAIN_HOST = /^[a-z0-9.-]+$/;

/**
 * Whether the server may post pushes to `endpoint`: an https URL on a push service's host
 * without user name, password or port; with `anyEndpoint`, any https URL. The endpoint must be
 * written canonically (`new URL(endpoint).href === endpoint`) with a plain host (no `%`, no
 * other character): the push library parses addresses with Node's legacy `url.parse`, which
 * reads `127.0.0.5%2e.push.services.mozilla.com` as another host than the WHATWG parser does,
 * so only a string both read alike is taken.
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
  if (url.href !== endpoint || !PLAIN_HOST.test(url.hostname) || endpoint.slice(0, url.origin.length + 1).includes("%")) return false;
  if (url.username || url.password || url.port) return false;
  const host = url.hostname;
  return PUSH_SERVICE_HOSTS.some((allowed) => (allowed.startsWith(".") ? host.endsWith(allowed) && host.length > allowed.length : host === allowed));
}
