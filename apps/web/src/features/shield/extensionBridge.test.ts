import { EXTENSION_ID } from "@focus/core/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/render";
import { pairExtension } from "./extensionBridge";
import { extensionStatus } from "./extensionStatus";

const TOKEN = "t".repeat(43);
const DEVICE = { id: 7, name: "Chrome extension", isActive: true, lastSeenAt: null, createdAt: "2026-03-02T09:00:00.000Z", token: TOKEN };

/** Installs a fake `chrome.runtime` that answers like the extension would. */
function fakeExtension(answer: (message: { type: string }) => unknown) {
  const sendMessage = vi.fn((id: string, message: { type: string }, callback: (a: unknown) => void) => {
    expect(id).toBe(EXTENSION_ID);
    queueMicrotask(() => callback(answer(message)));
  });
  vi.stubGlobal("chrome", { runtime: { sendMessage } });
  return sendMessage;
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's bridge to the extension", () => {
  it("finds no extension when Chrome gives the page no runtime", async () => {
    expect(await extensionStatus()).toBeNull();
    await expect(pairExtension()).rejects.toThrow("isn't installed");
  });

  it("asks the API for a device token and hands it to the extension with this origin", async () => {
    const fetchMock = mockFetch({ "POST /api/linked-devices": { status: 201, body: DEVICE } });
    const sendMessage = fakeExtension((message) =>
      message.type === "status"
        ? { version: "1.4.0", link: "unlinked", pairedHere: false }
        : { version: "1.4.0", link: "connecting", pairedHere: true },
    );
    expect(await pairExtension()).toEqual({ version: "1.4.0", link: "connecting", pairedHere: true });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ name: "Chrome extension" });
    expect(sendMessage.mock.calls[1]?.[1]).toEqual({ type: "pair", token: TOKEN, apiOrigin: window.location.origin });
  });

  it("removes the new device again when the extension refuses the token", async () => {
    const fetchMock = mockFetch({
      "POST /api/linked-devices": { status: 201, body: DEVICE },
      "DELETE /api/linked-devices/7": { status: 204 },
    });
    fakeExtension((message) =>
      message.type === "status"
        ? { version: "1.4.0", link: "unlinked", pairedHere: false }
        : { version: "1.4.0", link: "unlinked", pairedHere: false, error: "Could not reach the server" },
    );
    await expect(pairExtension()).rejects.toThrow("Could not reach the server");
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      "POST /api/linked-devices",
      "DELETE /api/linked-devices/7",
    ]);
  });
});
