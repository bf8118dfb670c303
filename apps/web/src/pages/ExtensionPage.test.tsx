import { screen, within } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { describe, expect, it } from "vitest";
import { loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

describe("/extension", () => {
  it("offers the zip at the site root, links to the guide and states version 1.4.0", async () => {
    mockFetch(loggedOut());
    renderRoute("/extension");
    expect(await screen.findByRole("heading", { level: 1, name: "Focus Flow for Chrome" })).toBeTruthy();
    const download = screen.getByRole("link", { name: "Download Extension" });
    expect(download.getAttribute("href")).toBe("/focus-extension.zip");
    expect(download.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: "Installation guide" }).getAttribute("href")).toBe("#install-steps");
    expect(screen.getByText(/Version 1\.4\.0/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the app" }).getAttribute("href")).toBe("/app");
    // A visitor gets a way to sign in, and no pairing.
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth?tab=login");
    expect(screen.queryByRole("button", { name: /Pair this browser/ })).toBeNull();
  });

  it("shows a signed-in user the app's header and the pairing button", async () => {
    mockFetch({ ...loggedIn(), "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS } });
    renderRoute("/extension");
    expect(await screen.findByRole("heading", { level: 1, name: "Focus Flow for Chrome" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Pair this browser/ })).toBeTruthy();
  });

  it("still shows the guide when the user cannot be loaded", async () => {
    mockFetch({ "GET /api/me": { status: 503, body: { message: "Server is busy" } } });
    renderRoute("/extension");
    expect(await screen.findByRole("heading", { name: "Install in six steps" })).toBeTruthy();
  });

  it("lists the six install steps in order", async () => {
    mockFetch(loggedOut());
    renderRoute("/extension");
    const guide = (await screen.findByRole("heading", { name: "Install in six steps" })).closest("section") as HTMLElement;
    expect(guide.id).toBe("install-steps");
    const steps = within(guide).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(steps).toEqual([
      "Step 1: Download the extension",
      "Step 2: Unzip the file",
      "Step 3: Open the extensions page",
      "Step 4: Enable Developer mode",
      "Step 5: Load unpacked",
      "Step 6: Pin it and pair it",
    ]);
    expect(guide.textContent).toContain("chrome://extensions");
  });
});
