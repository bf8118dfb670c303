/**
 * The extension's REST calls (`docs/api.md`), each with the device token and no cookies:
 * `GET /api/me` (is the token still good?), `GET /api/shield` (the mode and the entries: fetched
 * here, never taken from a page) and `POST /api/blocked-attempts`. Answers are sorted into what
 * the worker acts on: 401 → unlinked, 403 → paused, another 4xx but 408 and 429 → refused (a
 * final answer: sending the same again cannot change it), anything else that fails → error (keep
 * what we have and try again later).
 */
import type { EndWarning } from "@focus/core/constants";
import { type BlockedAttemptKind, type ShieldMode, type ShieldSchedule, type ShieldState, shieldStateSchema } from "@focus/core/schemas";
import { z } from "zod";
import type { Pairing } from "./storage";

export type FetchLike = (url: string, init: RequestInit) => Promise<Pick<Response, "ok" | "status" | "json">>;

export type ApiResult<T> =
  | { kind: "ok"; value: T }
  | { kind: "unlinked" }
  | { kind: "paused" }
  | { kind: "refused"; status: number; message: string | null }
  | { kind: "error"; message: string };

export interface ApiClient {
  /** Checks the token (`GET /api/me`): the account's id when the token works. */
  checkLink(pairing: Pairing): Promise<ApiResult<number>>;
  /** The Shield (`GET /api/shield`): the mode, the passes a day, the active entries and which of them show the delay page. */
  shield(pairing: Pairing): Promise<ApiResult<FetchedShield>>;
  /** Reports a stopped visit, a delay page's pass or a turn-back (`POST /api/blocked-attempts`). */
  reportAttempt(pairing: Pairing, attempt: { domain: string; at: string; kind?: BlockedAttemptKind }): Promise<ApiResult<null>>;
}

/** The part of `GET /api/me`'s answer the extension reads: whose token it is. */
const meSchema = z.object({ user: z.object({ id: z.number().int() }) });

/** The Shield as the worker keeps it: the entries (stored form) of the active sites. */
export interface FetchedShield {
  mode: ShieldMode;
  passesPerDay: number;
  entries: string[];
  /** The entries among `entries` that show the delay page. */
  delayed: string[];
  schedules: ShieldSchedule[];
  /** The title of the task the focus session counts for, or null. */
  sessionTask: string | null;
  /** The focus session's intention (`docs/product.md`, Intentions), or null. */
  sessionIntention: string | null;
  /** The user's "Warn before the end" setting: the badge and the disc turn amber with it. */
  endWarning: EndWarning;
  /** The account's time zone, in which the schedules are read; null from an older server (this browser's zone). */
  timeZone: string | null;
  /** The delay passes the account took on its day `day`, in any browser; null from an older server. */
  passesTaken: ShieldState["passesTaken"];
}

/** Sorts a non-2xx answer; a refusal keeps the API's `message` to show. */
async function failure(response: Pick<Response, "status" | "json">): Promise<ApiResult<never>> {
  const { status } = response;
  if (status === 401) return { kind: "unlinked" };
  if (status === 403) return { kind: "paused" };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const body: unknown = await response.json().catch(() => null);
    const message = typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : null;
    return { kind: "refused", status, message };
  }
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
      if (!response.ok) return await failure(response);
      return { kind: "ok", value: read(await response.json()) };
    } catch (error) {
      return { kind: "error", message: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    checkLink: (pairing) => call(pairing, "GET", "/api/me", undefined, (json) => meSchema.parse(json).user.id),
    shield: (pairing) =>
      call(pairing, "GET", "/api/shield", undefined, (json) => {
        const shield = shieldStateSchema.parse(json);
        const active = shield.sites.filter((site) => site.active);
        return {
          mode: shield.mode,
          passesPerDay: shield.delayPassesPerDay,
          entries: active.map((site) => site.url),
          delayed: active.filter((site) => site.delay).map((site) => site.url),
          schedules: shield.schedules,
          sessionTask: shield.sessionTask,
          sessionIntention: shield.sessionIntention,
          endWarning: shield.endWarning,
          timeZone: shield.timeZone,
          passesTaken: shield.passesTaken,
        };
      }),
    reportAttempt: (pairing, attempt) => call(pairing, "POST", "/api/blocked-attempts", attempt, () => null),
  };
}
