/**
 * The web app's one HTTP client: same-origin calls with the session cookie. Every call to the
 * server goes through `apiRequest` (JSON) or `apiDownload` (a file): queries, mutations, the
 * offline outbox and the audio lists. A non-2xx answer throws an `ApiError` whose `message`
 * is the text to show: the server's `message`, else "status: body (or status text)".
 * No dependencies, so the landing page can use it without loading the app's code.
 */

/** A non-2xx answer. `message` is the text to show; `serverMessage` is the body's `message` if any. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  /** Builds the error; `message` is already the text to show. */
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** Reads a failed response into an ApiError: the JSON `message`, else "status: body (or status text)". */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const serverMessage = readMessage(text);
  if (serverMessage) return new ApiError(response.status, serverMessage, serverMessage);
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

function readMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) {
      return body.message;
    }
  } catch {
    // Not JSON: the caller falls back to the raw text.
  }
  return undefined;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** This browser's IANA time zone, sent with every call so the server counts days as the user does. */
function timeZoneHeader(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { [TIME_ZONE_HEADER_NAME]: zone } : {};
}

/** Same as core's TIME_ZONE_HEADER; spelled here so the landing page's client loads no core code. */
const TIME_ZONE_HEADER_NAME = "X-Time-Zone";

/** Sends one request with cookies and the time zone; throws ApiError on a non-2xx status. */
async function send(method: Method, path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json", ...timeZoneHeader() } : timeZoneHeader(),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The response's JSON body, or null when it is empty. */
async function jsonOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Sends one request and returns the parsed JSON body (null for an empty body). Sends cookies and
 * the time zone; sets the JSON content type only when there is a body. Throws ApiError on a non-2xx status,
 * and the fetch's own error (a TypeError, or the signal's reason) when no answer came.
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return jsonOf<T>(await send(method, path, body, init.signal));
}

/** A GET like `api.get` that also gives the response's headers (e.g. a page's next cursor). */
export async function apiGetWithHeaders<T = unknown>(path: string, init: { signal?: AbortSignal } = {}): Promise<{ body: T; headers: Headers }> {
  const response = await send("GET", path, undefined, init.signal);
  return { body: await jsonOf<T>(response), headers: response.headers };
}

/**
 * Fetches a file (e.g. an export): its contents and the name the server gives it in
 * Content-Disposition (else `fallbackName`). Throws like `apiRequest`.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(path, { credentials: "include", headers: timeZoneHeader() });
  if (!response.ok) throw await toApiError(response);
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/** Shorthands over apiRequest. */
export const api = {
  get: <T = unknown>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>("GET", path, undefined, init),
  post: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  put: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  delete: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("DELETE", path, body),
};
