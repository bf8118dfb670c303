import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { App } from "./App";
import { mockFetch, serverConfig } from "@/test/render";

describe("every page", () => {
  it("starts with a 'Skip to main content' link as the first Tab stop, shown when focused, that moves the focus to the page's main part", async () => {
    mockFetch({ ...serverConfig(), "GET /api/me": { status: 401, body: { message: "Not logged in" } } });
    render(<App />);
    await screen.findByRole("heading", { level: 1 });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(document.activeElement).toBe(skip);
    // Hidden until focused: only the focus classes bring it into view.
    expect(skip.className).toMatch(/\bsr-only\b/);
    expect(skip.className).toMatch(/\bfocus:not-sr-only\b/);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement?.tagName).toBe("MAIN"));
  });
});
