import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderRoute, serverConfig } from "@/test/render";

describe("the privacy and terms pages", () => {
  it("say what is kept (account, settings, sessions, tasks, blocked sites), that nothing tracks you, and how to export or delete it", async () => {
    mockFetch(serverConfig({ supportEmail: "help@focusflow.test" }));
    renderRoute("/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    const kept = within(screen.getByRole("heading", { name: "What we keep when you have an account" }).parentElement!);
    for (const thing of ["Your account", "Your settings", "Your focus sessions", "Your tasks", "Your blocked websites"]) {
      expect(kept.getByText(new RegExp(`^${thing}`))).toBeTruthy();
    }
    expect(screen.getByText("No analytics, no tracking pixels, no advertising, no third-party trackers.")).toBeTruthy();
    expect(screen.getByText("Download your sessions and settings any time: Statistics, then Your data (CSV or JSON).")).toBeTruthy();
    expect(screen.getByText(/^Delete your account in Settings, under Profile\./)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("link", { name: "help@focusflow.test" })[0]?.getAttribute("href")).toBe("mailto:help@focusflow.test"));
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });

  it("give the terms with the server's trial length, and are reachable without signing in", async () => {
    mockFetch(serverConfig({ trialDays: 21 }));
    renderRoute("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("A new account starts with a 21-day free trial of everything. No card needed.")).toBeTruthy());
    expect(screen.getByRole("navigation", { name: "Footer" })).toBeTruthy();
  });
});
