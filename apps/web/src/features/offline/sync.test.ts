import { DEFAULT_SETTINGS } from "@focus/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, setApiInterceptor } from "@/lib/api";
import { interceptSettingsSave, outboxSync, recordSession } from "./sync";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(async () => {
  outboxSync.stop();
  await outboxSync.clearUser(1);
  await outboxSync.setUser(null);
});

describe("settings saves through the outbox", () => {
  it("lets other calls, partial bodies and calls without a known user through to the network", () => {
    expect(interceptSettingsSave({ method: "POST", path: "/api/settings", body: DEFAULT_SETTINGS })).toBeUndefined();
    void outboxSync.setUser(1);
    expect(interceptSettingsSave({ method: "GET", path: "/api/settings", body: undefined })).toBeUndefined();
    expect(interceptSettingsSave({ method: "POST", path: "/api/sessions", body: {} })).toBeUndefined();
    expect(interceptSettingsSave({ method: "POST", path: "/api/settings", body: { focusDuration: 30 } })).toBeUndefined();
  });

  it("answers with the server's settings, throws a refusal, and answers the saved settings while the server is away", async () => {
    await outboxSync.setUser(1);
    const remove = setApiInterceptor(interceptSettingsSave);
    try {
      const saved = { ...DEFAULT_SETTINGS, focusDuration: 35 };
      vi.stubGlobal("fetch", vi.fn(async () => json(200, saved)));
      await expect(api.post("/api/settings", saved)).resolves.toEqual(saved);

      vi.stubGlobal("fetch", vi.fn(async () => json(400, { message: "focusDuration is too long" })));
      await expect(api.post("/api/settings", saved)).rejects.toEqual(new ApiError(400, "focusDuration is too long", "focusDuration is too long"));
      expect(outboxSync.getState().items).toEqual([]);

      vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
      await expect(api.post("/api/settings", saved)).resolves.toEqual(saved);
      expect(outboxSync.getState().items.map((i) => i.kind)).toEqual(["settings"]);
    } finally {
      remove();
    }
  });
});

describe("recordSession", () => {
  it("gives each session its own idempotency key", async () => {
    const posted: { clientId?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return json(201, { id: posted.length });
      }),
    );
    await outboxSync.setUser(1);
    const session = { startTime: new Date().toISOString(), duration: 1500, type: "focus" as const, completed: true };
    expect((await recordSession(1, session)).status).toBe("sent");
    expect((await recordSession(1, session)).status).toBe("sent");
    expect(posted).toHaveLength(2);
    expect(posted[0]?.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posted[1]?.clientId).not.toBe(posted[0]?.clientId);
  });
});
