import { DEFAULT_SETTINGS } from "@focus/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/api";
import { TEST_USER, loggedIn, mockFetch, renderRoute } from "@/test/render";
import { ExportCard } from "./ExportCard";
import { attachmentName } from "./dataApi";

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ExportCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

const exportDocument = {
  version: 1,
  exportedAt: "2026-03-02T10:00:00.000Z",
  settings: DEFAULT_SETTINGS,
  sessions: [{ startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true }],
};

beforeEach(() => window.localStorage.clear());

describe("Your data: export and import", () => {
  it("downloads the CSV export as a file named by the server", async () => {
    const fetchMock = mockFetch({
      "GET /api/export?format=csv": { status: 200, text: "startTime,type,duration,completed,clientId\r\n" },
    });
    // jsdom has no object URLs and no downloads.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    try {
      renderCard();
      await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith("/api/export?format=csv", { credentials: "include" });
      expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe("focus-flow-export.csv");
    } finally {
      clicked.mockRestore();
      Object.assign(URL, objectUrls);
    }
  });

  it("tells the user when the export cannot be downloaded", async () => {
    mockFetch({ "GET /api/export?format=json": { status: 401, body: { message: "Not authenticated" } } });
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Download JSON" }));
    expect(await screen.findByText("Export failed")).toBeTruthy();
    expect(screen.getByText("Not authenticated")).toBeTruthy();
  });

  it("imports a previous JSON export and says how many sessions were added and skipped", async () => {
    const fetchMock = mockFetch({ "POST /api/import": { status: 200, body: { imported: 1, skipped: 2, settingsApplied: true } } });
    renderCard();
    const file = new File([JSON.stringify(exportDocument)], "focus-flow-export.json", { type: "application/json" });
    await userEvent.upload(screen.getByLabelText("JSON export to import"), file);
    expect(await screen.findByText("Import complete")).toBeTruthy();
    expect(screen.getByText("1 session added, 2 were already there. Settings applied.")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/import");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual(exportDocument);
  });

  it("refuses a file that is not an export before sending anything", async () => {
    const fetchMock = mockFetch({});
    renderCard();
    const file = new File(['{"hello":"world"}'], "notes.json", { type: "application/json" });
    await userEvent.upload(screen.getByLabelText("JSON export to import"), file);
    expect(await screen.findByText("Import failed")).toBeTruthy();
    expect(screen.getByText(/^That file is not a Focus Flow export/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads the file name from Content-Disposition", () => {
    expect(attachmentName('attachment; filename="focus-flow-sessions-2026-03-02.csv"', "x")).toBe("focus-flow-sessions-2026-03-02.csv");
    expect(attachmentName(null, "fallback.json")).toBe("fallback.json");
  });
});

describe("Delete account", () => {
  const settingsRoute = { "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS } };

  it("asks for the password in a dialog, shows a wrong one, and deletes the account with the right one", async () => {
    const fetchMock = mockFetch({ ...loggedIn(), ...settingsRoute, "DELETE /api/user": { status: 400, body: { message: "Password is incorrect" } } });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.type(within(dialog).getByLabelText("Password"), "wrong-password");
    await user.click(confirm);
    expect(await within(dialog).findByText("Password is incorrect")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url, init]) => url === "/api/user" && init?.method === "DELETE");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ password: "wrong-password" });

    mockFetch({ ...loggedIn(), ...settingsRoute, "DELETE /api/user": { status: 200, body: { message: "Account deleted" } } });
    await user.click(confirm);
    expect(await screen.findByText("Account deleted")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Focus Settings" })).toBeNull());
  });

  it("is not offered to the admin", async () => {
    mockFetch({ ...loggedIn({ ...TEST_USER, username: "admin", isAdmin: true }), ...settingsRoute });
    renderRoute("/settings");
    expect(await screen.findByText("The admin account cannot be deleted.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete account" })).toBeNull();
  });
});
