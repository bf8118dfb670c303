import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";

/**
 * The API client (spec §7, §8): same-origin JSON calls with the session cookie, and the
 * TanStack Query client with the spec's loading rules.
 */

/** A non-2xx answer. `message` follows spec §8; `serverMessage` is the body's `message` if any. */
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

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A request as the interceptor sees it. */
export interface ApiCall {
  method: Method;
  path: string;
  body: unknown;
}

/**
 * Answers a call instead of the network, or returns undefined to let it through. The offline
 * outbox (features/offline) takes writes that must survive an unreachable server this way.
 */
export type ApiInterceptor = (call: ApiCall) => Promise<unknown> | undefined;

let interceptor: ApiInterceptor | undefined;

/** Installs (or with no argument removes) the interceptor; returns a function removing it. */
export function setApiInterceptor(next?: ApiInterceptor): () => void {
  interceptor = next;
  return () => {
    if (interceptor === next) interceptor = undefined;
  };
}

/**
 * Sends one request and returns the parsed JSON body (null for an empty body). Sends cookies;
 * sets the JSON content type only when there is a body. Throws ApiError on a non-2xx status.
 * An installed interceptor (setApiInterceptor) may answer first.
 */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const intercepted = interceptor?.({ method, path, body });
  if (intercepted) return (await intercepted) as T;
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: init.signal,
  });
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Shorthands over apiRequest. */
export const api = {
  get: <T = unknown>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>("GET", path, undefined, init),
  post: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  put: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  delete: <T = unknown>(path: string, body?: unknown) => apiRequest<T>("DELETE", path, body),
};

/**
 * The URL a query key stands for: the first element is the path, later strings or numbers are
 * path segments and a plain object becomes the query string.
 * `["/api/sessions/range", { startDate, endDate }]` → `/api/sessions/range?startDate=…&endDate=…`.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const [first, ...rest] = queryKey;
  let path = String(first);
  const search = new URLSearchParams();
  for (const part of rest) {
    if (part && typeof part === "object") {
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
    } else if (part !== undefined && part !== null) {
      path += `/${encodeURIComponent(String(part))}`;
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Default query function (spec §7): GET the query key's path, parsed as JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => api.get(queryKeyToPath(queryKey), { signal });

/** A query client with the spec §9 rules: no retry, no refetch on focus or interval, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client. */
export const queryClient = createQueryClient();
