import type { LinkedDevice } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { StrictSessionContext } from "@/runtime/strictSession";
import { TEST_USER, mockFetch } from "@/test/render";
import { WebsiteShield } from "./WebsiteShield";

/** The Website Shield during a strict focus session (`docs/product.md`, Strict focus): it only tightens. */
const DEVICE: LinkedDevice = { id: 7, name: "Chrome on Linux", isActive: true, lastSeenAt: null, createdAt: new Date(2026, 10, 1).toISOString() };

function renderShield(strict: boolean) {
  mockFetch({
    "GET /api/blocked-sites": { status: 200, body: [{ id: 1, url: "youtube.com", active: true }] },
    "GET /api/linked-devices": { status: 200, body: [DEVICE] },
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <StrictSessionContext.Provider value={strict}>
          <WebsiteShield user={TEST_USER} />
        </StrictSessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the Website Shield during a strict focus session", () => {
  it("lets sites be added but offers no removal, and keeps the extension linked and on", async () => {
    renderShield(true);
    await screen.findByText("youtube.com");
    expect(screen.getByTestId("blocklist-strict-note").textContent).toContain("remove them after the session");
    expect(screen.queryByRole("button", { name: "Remove youtube.com" })).toBeNull();
    expect(screen.getByLabelText("Website to block")).toBeTruthy();
    await screen.findByText("Chrome on Linux");
    expect(screen.queryByRole("button", { name: "Unlink Chrome on Linux" })).toBeNull();
    expect((screen.getByRole("switch", { name: "Active: Chrome on Linux" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Stays linked until the strict session ends")).toBeTruthy();
  });

  it("offers removal and unlinking again outside a strict session", async () => {
    renderShield(false);
    expect(await screen.findByRole("button", { name: "Remove youtube.com" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Unlink Chrome on Linux" })).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Active: Chrome on Linux" }) as HTMLInputElement).disabled).toBe(false);
  });
});
