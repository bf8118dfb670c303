import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { outboxSync, recordSession, saveSettings } from "./sync";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(async () => {
  outboxSync.stop();
  await outboxSync.clearUser(1);
  await outboxSync.setUser(null);
});

describe("saveSettings", () => {
  it("sends only the changes, gives the server's whole settings, throws a refusal, and keeps the changes waiting while the server is away", async () => {
    await outboxSync.setUser(1);
    const saved = { ...DEFAULT_SETTINGS, focusDuration: 35 };
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(200, { ...saved, notificationSound: "chime" });
      }),
    );
    await expect(saveSettings(1, { focusDuration: 35 }, saved)).resolves.toEqual({ status: "saved", settings: { ...saved, notificationSound: "chime" } });
    expect(sent).toEqual([{ focusDuration: 35 }]);

    vi.stubGlobal("fetch", vi.fn(async () => json(400, { message: "focusDuration is too long" })));
    await expect(saveSettings(1, { focusDuration: 35 }, saved)).rejects.toEqual(new ApiError(400, "focusDuration is too long", "focusDuration is too long"));
    expect(outboxSync.getState().items).toEqual([]);

    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(saveSettings(1, { focusDuration: 35 }, saved)).resolves.toEqual({ status: "queued", settings: saved });
    // A second change while the first waits: one waiting save with both.
    await saveSettings(1, { theme: "light" }, { ...saved, theme: "light" });
    expect(outboxSync.getState().items.map((i) => i.kind === "settings" && i.body)).toEqual([{ focusDuration: 35, theme: "light" }]);
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
