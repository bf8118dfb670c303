import { DEFAULT_SETTINGS, type User } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, type RenderResult } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { TimerCommandBatch } from "@focus/core/timer";
import { afterEach, vi } from "vitest";
import { appRoutes } from "@/AppRoutes";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast } from "@/components/ui/use-toast";
import { resetPublicConfig } from "@/lib/publicConfig";
import { createQueryClient } from "@/lib/queryClient";
import { accountTimerServer } from "./accountTimerServer";

/** Test helpers: render a route with fresh providers, and answer fetch calls from a table. */

afterEach(() => {
  cleanup();
  // The toast store outlives a render: close what a test left open, so the next starts clean.
  dismissToast();
  // Each test serves its own GET /api/config.
  resetPublicConfig();
  vi.unstubAllGlobals();
});

/** What `serveApp` answers to `GET /api/config`: a 14-day trial, no payment link. */
export const TEST_CONFIG = {
  interviewUrl: null,
  trialDays: 14,
  supportEmail: "support@focusflow.test",
  paymentConfigured: false,
} as const;

/** `GET /api/config` for `mockFetch` tables, with `overrides`. */
export const serverConfig = (overrides: Partial<Record<keyof typeof TEST_CONFIG, unknown>> = {}) => ({
  "GET /api/config": { status: 200, body: { ...TEST_CONFIG, ...overrides } },
});

/** A logged-in, non-guest user as `GET /api/me` returns it. */
export const TEST_USER: User = {
  id: 1,
  username: "calmcoder",
  email: "calm@example.com",
  isGuest: false,
  isAdmin: false,
  subscriptionPlan: "free",
  subscriptionStatus: "trial",
  trialEndDate: null,
};

/** A canned answer: status and JSON body (or raw text). */
export type FakeResponse = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };

/**
 * Replaces `fetch` with a table of "METHOD /path" → answer; unknown calls answer 404.
 * Returns the mock so tests can inspect the calls.
 */
export function mockFetch(routes: Record<string, FakeResponse>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = routes[key] ?? { status: 404, body: { message: `No route for ${key}` } };
    const text = answer.text ?? (answer.body === undefined ? "" : JSON.stringify(answer.body));
    return new Response(text || null, { status: answer.status, headers: { "Content-Type": "application/json", ...answer.headers } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/**
 * Stubs `fetch` with what the /app screens load for `user`: `GET /api/me`, TEST_CONFIG, default
 * settings, the session lists (`sessions`, empty by default) and the account timer's commands
 * (`accountTimerServer`). `extra(url)` answers other calls first (undefined falls through);
 * anything else gets 404. Returns the mock.
 */
export function serveApp(user: User, extra?: (url: string, init?: RequestInit) => FakeResponse | undefined, sessions: unknown[] = []) {
  const answer = (url: string, init?: RequestInit): FakeResponse => {
    if (url === "/api/me") return { status: 200, body: { user } };
    if (url === "/api/config") return { status: 200, body: TEST_CONFIG };
    if (url === "/api/settings") return { status: 200, body: DEFAULT_SETTINGS };
    if (url === "/api/sessions" || url.startsWith("/api/sessions/range")) return { status: 200, body: sessions };
    return extra?.(url, init) ?? { status: 404, body: { message: "not found" } };
  };
  const account = accountTimerServer(user.id);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === "/api/timer/commands" && init?.method === "POST") {
      return new Response(JSON.stringify(account.answer(JSON.parse(String(init.body)) as TimerCommandBatch)), { status: 200, headers: { "Content-Type": "application/json" } });
    }
    const { status, body } = answer(String(input), init);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A completed 25-minute focus session that ended `minutesAgo` minutes ago. */
export function focusEndedAgo(minutesAgo: number) {
  return { startTime: new Date(Date.now() - (minutesAgo + 25) * 60_000).toISOString(), duration: 1500, type: "focus", completed: true };
}

/** `GET /api/me` answers for a logged-in user or a logged-out visitor. */
export const loggedIn = (user: User = TEST_USER) => ({ "GET /api/me": { status: 200, body: { user } } });
export const loggedOut = () => ({ "GET /api/me": { status: 401, body: { message: "Not logged in" } } });

/** Renders the app's routes at `path` (or a history entry with its state) with a fresh query client and the toaster (toasts stay until closed: see Toaster). */
export function renderRoute(path: string | { pathname: string; state?: unknown }): RenderResult {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />
      <Toaster duration={Infinity} />
    </QueryClientProvider>,
  );
}
