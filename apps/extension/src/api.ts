/**
 * The extension's REST calls (`docs/api.md`), each with the device token and no cookies:
 * `GET /api/me` (is the token still good?), `GET /api/blocked-sites` (the blocklist: fetched
 * here, never taken from a page) and `POST /api/blocked-attempts`. Answers are sorted into what
 * the worker acts on: 401 → unlinked, 403 → paused, anything else that fails → error (keep
 * what we have and try again later).
 */
import { blockedSiteListSchema } from "@focus/core/schemas";
import type { Pairing } from "./storage";

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, "ok" | "status" | "json">>;

export type ApiResult<T> =
  | { kind: "ok"; value: T }
  | { kind: "unlinked" }
  | { kind: "paused" }
  | { kind: "error"; message: string };

export interface ApiClient {
  /** Checks the token (`GET /api/me`). */
  checkLink(pairing: Pairing): Promise<ApiResult<null>>;
  /** The active blocked sites' URLs (`GET /api/blocked-sites`). */
  blockedSites(pairing: Pairing): Promise<ApiResult<string[]>>;
  /** Reports one attempt to open a blocked site (`POST /api/blocked-attempts`). */
  reportAttempt(pairing: Pairing, attempt: { domain: string; at: string }): Promise<ApiResult<null>>;
}

/** Sorts a non-2xx status. */
function failure(status: number): ApiResult<never> {
  if (status === 401) return { kind: "unlinked" };
  if (status === 403) return { kind: "paused" };
  return { kind: "error", message: `HTTP ${status}` };
}

export function createApiClient(fetchImpl: FetchLike): ApiClient {
  async function call<T>(pairing: Pairing, method: "GET" | "POST", path: string, body: unknown, read: (json: unknown) => T): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${pairing.token}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    try {
      const response = await fetchImpl(`${pairing.apiOrigin}${path}`, {
        method,
        headers,
        credentials: "omit",
        cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) return failure(response.status);
      return { kind: "ok", value: read(await response.json()) };
    } catch (error) {
      return { kind: "error", message: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    checkLink: (pairing) => call(pairing, "GET", "/api/me", undefined, () => null),
    blockedSites: (pairing) =>
      call(pairing, "GET", "/api/blocked-sites", undefined, (json) =>
        blockedSiteListSchema
          .parse(json)
          .filter((site) => site.active)
          .map((site) => site.url),
      ),
    reportAttempt: (pairing, attempt) => call(pairing, "POST", "/api/blocked-attempts", attempt, () => null),
  };
}
