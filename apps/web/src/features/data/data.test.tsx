import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/queryClient";
import { TEST_USER, loggedIn, mockFetch, renderRoute } from "@/test/render";
import { ExportCard } from "./ExportCard";

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ExportCard />
      <Toaster duration={Infinity} />
    </QueryClientProvider>,
  );
}

const exportDocument = {
  version: 1,
  exportedAt: "2026-03-02T10:00:00.000Z",
  settings: DEFAULT_SETTINGS,
  sessions: [{ startTime: "2026-03-01T09:00:00.000Z", duration: 1500, type: "focus", completed: true }],
};

/** `GET /api/export?format=…` answered with a file, named by Content-Disposition when `name` is given. */
function serveDownload({ body, type, name }: { body: string | Uint8Array<ArrayBuffer>; type: string; name?: string }) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body, { status: 200, headers: { "Content-Type": type, ...(name ? { "Content-Disposition": `attachment; filename="${name}"` } : {}) } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The test DOM has no object URLs and no downloads: records the blobs handed over and the clicked links. */
function catchDownloads() {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return "blob:export";
  });
  URL.revokeObjectURL = vi.fn();
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  return {
    blobs,
    clicked,
    restore() {
      clicked.mockRestore();
      Object.assign(URL, original);
    },
  };
}

beforeEach(() => window.localStorage.clear());

describe("Your data: export and import", () => {
  it("downloads the JSON export as the file the server names, holding the server's document", async () => {
    const body = JSON.stringify(exportDocument, null, 2);
    const fetchMock = serveDownload({ body, type: "application/json; charset=utf-8", name: "focus-flow-export-2026-03-02.json" });
    const download = catchDownloads();
    try {
      renderCard();
      await userEvent.click(screen.getByRole("button", { name: "Download JSON" }));
      await waitFor(() => expect(download.clicked).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith("/api/export?format=json", expect.objectContaining({ credentials: "include" }));
      const link = download.clicked.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe("focus-flow-export-2026-03-02.json");
      expect(link.href).toBe("blob:export");
      // The file is the server's document, byte for byte, and the link is gone after the click.
      expect(await download.blobs[0]?.text()).toBe(body);
      expect(link.isConnected).toBe(false);
      expect((screen.getByRole("button", { name: "Download JSON" }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      download.restore();
    }
  });

  it("downloads the CSV export (a zip of sessions.csv and settings.csv), named .zip when the server gives no name", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const fetchMock = serveDownload({ body: zip, type: "application/zip" });
    const download = catchDownloads();
    try {
      renderCard();
      expect(screen.getByText(/a zip with sessions\.csv and settings\.csv/)).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
      await waitFor(() => expect(download.clicked).toHaveBeenCalledTimes(1));
      expect(fetchMock).toHaveBeenCalledWith("/api/export?format=csv", expect.objectContaining({ credentials: "include" }));
      expect((download.clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe("focus-flow-export.zip");
      expect(new Uint8Array(await download.blobs[0]!.arrayBuffer())).toEqual(zip);
    } finally {
      download.restore();
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

  it("says how many breaks an import left out past the 100 a day keeps, and no settings line without settings", async () => {
    mockFetch({ "POST /api/import": { status: 200, body: { imported: 100, skipped: 905, breaksOverDailyLimit: 900, settingsApplied: false } } });
    renderCard();
    const file = new File([JSON.stringify(exportDocument)], "focus-flow-export.json", { type: "application/json" });
    await userEvent.upload(screen.getByLabelText("JSON export to import"), file);
    expect(await screen.findByText("100 sessions added, 5 were already there. 900 breaks were left out: a day keeps at most 100 breaks.")).toBeTruthy();
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
