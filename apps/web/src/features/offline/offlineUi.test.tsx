import { DEFAULT_SETTINGS, type User } from "@focus/core/schemas";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, renderRoute } from "@/test/render";
import { outboxSync } from "@/runtime/outbox/sync";

/** The test's instant: a Sunday noon, which stands still. */
const NOON = new Date(2026, 10, 22, 12, 0);
const user: User = { ...TEST_USER, trialEndDate: new Date(NOON.getTime() + 7 * 86_400_000).toISOString() };

/** A fake server: `up` decides whether writes are recorded (201) or answered 503. */
function serve() {
  const state = { up: false, recorded: [] as { clientId?: string; startTime: string; duration: number; type: string; completed: boolean }[], settings: [] as unknown[] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json(200, { user });
      if (url === "/api/settings" && init?.method !== "POST") return json(200, DEFAULT_SETTINGS);
      if (url.startsWith("/api/sessions/range")) return json(200, state.recorded.map((s, i) => ({ id: i + 1, ...s })));
      if (init?.method === "POST" && !state.up) return json(503, { message: "Service Unavailable" });
      if (url === "/api/sessions" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        state.recorded.push(body);
        return json(201, { id: state.recorded.length, ...body });
      }
      if (url === "/api/settings" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        state.settings.push(body);
        return json(200, body);
      }
      return json(404, { message: "not found" });
    }),
  );
  return state;
}

/** A focus session that ended just now: today's. */
const todaySession = () => ({ startTime: new Date(Date.now() - 1_500_000).toISOString(), duration: 1500, type: "focus" as const, completed: true, clientId: crypto.randomUUID() });

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON);
});
afterEach(async () => {
  vi.useRealTimers();
  outboxSync.stop();
  await outboxSync.clearUser(user.id);
  await outboxSync.setUser(null);
  setOnline(true);
});

describe("offline: queued writes in the app", () => {
  it("counts a waiting session in Today's Progress, shows it in the header, and sends it once when back online", async () => {
    const server = serve();
    // A session completed while the server was away (e.g. before a reload).
    expect((await outboxSync.submit(user.id, { kind: "session", body: todaySession() })).status).toBe("queued");

    renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
    expect(screen.getByTestId("today-minutes").textContent).toBe("25");
    await waitFor(() => expect(screen.getByTestId("connection-status").textContent).toMatch(/Server unreachable.*1 waiting/));

    server.up = true;
    setOnline(true);
    await waitFor(() => expect(server.recorded).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("connection-status").textContent).toBe(""));
    // Now counted from the server, still once.
    await waitFor(() => expect(screen.getByTestId("today-sessions").textContent).toBe("1"));
  });

  it("says Offline in the header while the browser has no network", async () => {
    serve();
    renderRoute("/app");
    const status = await screen.findByTestId("connection-status");
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toBe("");
    setOnline(false);
    await waitFor(() => expect(status.textContent).toContain("Offline"));
    setOnline(true);
    await waitFor(() => expect(status.textContent).toBe(""));
  });

  it("keeps a settings save made while the server answers 5xx and sends it later", async () => {
    const server = serve();
    renderRoute("/settings");
    const u = userEvent.setup();
    await u.click(await screen.findByRole("switch", { name: "Auto-start focus" }));
    await u.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(outboxSync.getState().items.map((i) => i.kind)).toEqual(["settings"]);
    expect(server.settings).toEqual([]);

    server.up = true;
    setOnline(true);
    await waitFor(() => expect(server.settings).toEqual([expect.objectContaining({ autoStartFocus: true })]));
    expect(outboxSync.getState().items).toEqual([]);
  });
});
