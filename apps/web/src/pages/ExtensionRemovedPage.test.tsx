import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { mockFetch, TEST_CONFIG } from "@/test/render";
import { ExtensionRemovedPage } from "./ExtensionRemovedPage";

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ExtensionRemovedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the extension's removal page", () => {
  it("records the removal as it opens, then sends the optional reason with the removal's key", async () => {
    const fetchMock = mockFetch({
      "GET /api/config": { status: 200, body: TEST_CONFIG },
      "POST /api/extension-removals": { status: 201, body: { id: 5, key: "k3y" } },
      "PUT /api/extension-removals/5": { status: 204 },
    });
    renderPage();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/extension-removals" && init?.method === "POST")).toBe(true));
    const user = userEvent.setup();
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText("What made you remove it? (optional)"), "Too strict at work");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Thank you. That helps us make the shield better.")).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url]) => url === "/api/extension-removals/5");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ key: "k3y", reason: "Too strict at work" });
  });

  it("shows the server's message when the reason cannot be sent", async () => {
    mockFetch({
      "GET /api/config": { status: 200, body: TEST_CONFIG },
      "POST /api/extension-removals": { status: 201, body: { id: 5, key: "k3y" } },
      "PUT /api/extension-removals/5": { status: 429, body: { message: "Too many requests, please try again in a minute" } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("What made you remove it? (optional)"), "x");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Too many requests, please try again in a minute")).toBeTruthy();
  });
});
