import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { outboxSync, saveSettings, submitTimerCommand } from "./sync";

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
    // A second change while the first waits: both wait, in order, each as the user made it.
    await saveSettings(1, { theme: "light" }, { ...saved, theme: "light" });
    expect(outboxSync.getState().items.map((i) => i.kind === "settings" && i.body)).toEqual([{ focusDuration: 35 }, { theme: "light" }]);
  });
});

describe("submitTimerCommand", () => {
  it("posts the command to the account's timer with the view it was given on and the device's time zone", async () => {
    const posted: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        posted.push({ path: String(input), body: JSON.parse(String(init?.body)) });
        return json(200, { timer: null, serverNow: 0, replies: [] });
      }),
    );
    await outboxSync.setUser(1);
    const command = { id: crypto.randomUUID(), command: { type: "start" as const }, at: Date.UTC(2026, 11, 2, 9) };
    expect((await submitTimerCommand(1, command, 7, "Europe/Berlin")).status).toBe("sent");
    expect(posted).toEqual([{ path: "/api/timer/commands", body: { commands: [command], baseVersion: 7, timeZone: "Europe/Berlin" } }]);
  });
});
