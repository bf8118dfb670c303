import { EXTENSION_ID } from "@focus/core/protocol";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, renderRoute, serveApp } from "@/test/render";
import { shieldLineState } from "./ShieldLine";

const linkedHere = { version: "1.4.0", link: "linked", pairedHere: true } as const;
const sites = [
  { id: 1, url: "youtube.com", active: true, delay: false },
  { id: 2, url: "reddit.com", active: true, delay: false },
  { id: 3, url: "news.example", active: false, delay: false },
];

/** A `chrome.runtime` that answers `status` as the extension in this browser would. */
function extensionAnswering(status: object) {
  vi.stubGlobal("chrome", {
    runtime: {
      sendMessage: (id: string, _message: unknown, callback: (answer: unknown) => void) => {
        expect(id).toBe(EXTENSION_ID);
        callback(status);
      },
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the Shield's line beside Start", () => {
  it("says whether the Shield is on in this browser, and why not", () => {
    expect(shieldLineState(null, 5, "blocklist")).toEqual({ on: false, text: "Shield off: no extension in this browser", fix: { label: "Get the extension", to: "extension" } });
    // A phone's Chrome takes no extensions: nothing to install there.
    expect(shieldLineState(null, 5, "blocklist", true)).toEqual({ on: false, text: "Shield off on this phone: it blocks in Chrome on a computer", fix: null });
    expect(shieldLineState({ ...linkedHere, link: "paused" }, 5, "blocklist")).toMatchObject({ on: false, text: "Shield off: this browser is switched off" });
    expect(shieldLineState({ ...linkedHere, pairedHere: false }, 5, "blocklist")).toMatchObject({ on: false, text: "Shield off: the extension is not linked to this account" });
    expect(shieldLineState({ ...linkedHere, link: "unlinked" }, 5, "blocklist")).toMatchObject({ on: false, fix: { label: "Link it", to: "shield" } });
    expect(shieldLineState(linkedHere, 5, "blocklist")).toEqual({ on: true, text: "Shield on: 5 sites" });
    expect(shieldLineState(linkedHere, 1, "blocklist")).toEqual({ on: true, text: "Shield on: 1 site" });
    expect(shieldLineState(linkedHere, 0, "blocklist")).toMatchObject({ on: false, text: "Shield on, but no sites are listed" });
    expect(shieldLineState(linkedHere, 3, "allowlist")).toEqual({ on: true, text: "Shield on: only 3 sites allowed" });
  });

  it("shows 'Shield off' with a link to the extension when this browser has none", async () => {
    serveApp(TEST_USER, (url) => (url === "/api/blocked-sites" ? { status: 200, body: sites } : undefined));
    renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("shield-line").textContent).toContain("Shield off: no extension in this browser"));
    expect(screen.getByRole("link", { name: "Get the extension" }).getAttribute("href")).toBe("/extension");
  });

  it("counts the active sites when the extension here is linked to this account, and sends an unlinked one to the Shield tab", async () => {
    extensionAnswering(linkedHere);
    serveApp(TEST_USER, (url) => (url === "/api/blocked-sites" ? { status: 200, body: sites } : undefined));
    const { unmount } = renderRoute("/app");
    await waitFor(() => expect(screen.getByTestId("shield-line").textContent).toBe("Shield on: 2 sites"));
    unmount();

    extensionAnswering({ ...linkedHere, pairedHere: false });
    serveApp(TEST_USER, (url) => (url === "/api/blocked-sites" ? { status: 200, body: sites } : undefined));
    renderRoute("/app");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Link it" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Focus Shield" })).toBeTruthy();
  });
});
