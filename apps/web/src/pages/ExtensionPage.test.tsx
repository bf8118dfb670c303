import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderRoute } from "@/test/render";

describe("/extension", () => {
  it("offers the zip at the site root, links to the guide and states version 1.4.0", async () => {
    mockFetch({});
    renderRoute("/extension");
    expect(await screen.findByRole("heading", { level: 1, name: "Focus Flow for Chrome" })).toBeTruthy();
    const download = screen.getByRole("link", { name: "Download Extension" });
    expect(download.getAttribute("href")).toBe("/focus-extension.zip");
    expect(download.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: "Installation guide" }).getAttribute("href")).toBe("#install-steps");
    expect(screen.getByText(/Version 1\.4\.0/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to app" }).getAttribute("href")).toBe("/app");
  });

  it("lists the six install steps in order", async () => {
    mockFetch({});
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
