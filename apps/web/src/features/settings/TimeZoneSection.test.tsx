import { DEFAULT_SETTINGS } from "@focus/core/schemas";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loggedIn, mockFetch, renderRoute } from "@/test/render";

const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const routes = (zone: object, put?: { status: number; body: object }) => ({
  ...loggedIn(),
  "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS },
  "GET /api/user/time-zone": { status: 200, body: zone },
  ...(put ? { "PUT /api/user/time-zone": put } : {}),
});

describe("Settings: the account's time zone", () => {
  it("says which zone the days start in, and saves another one the user picks", async () => {
    const fetchMock = mockFetch(routes({ timeZone: "Europe/Berlin", chosen: false, changeableAt: null }, { status: 200, body: { timeZone: "Asia/Tokyo", chosen: true, changeableAt: "2026-12-01T10:00:00.000Z" } }));
    renderRoute("/settings");
    const user = userEvent.setup();
    const section = (await screen.findByRole("heading", { name: "Time zone" })).closest("section")!;
    expect((await within(section).findByTestId("time-zone-summary")).textContent).toMatch(/^Your days start at midnight in Europe\/Berlin/);
    const save = within(section).getByRole("button", { name: "Save time zone" });
    // Nothing to save until another zone is picked.
    expect(save).toHaveProperty("disabled", true);
    await user.selectOptions(within(section).getByRole("combobox", { name: "Count my days in" }), "Asia/Tokyo");
    await user.click(save);
    expect(await screen.findByText("Time zone saved")).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === "/api/user/time-zone" && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ timeZone: "Asia/Tokyo" });
    await waitFor(() => expect(within(section).getByTestId("time-zone-summary").textContent).toMatch(/midnight in Asia\/Tokyo/));
    // Chosen a moment ago: the next change waits a day, and the page says so.
    expect(within(section).getByRole("combobox", { name: "Count my days in" })).toHaveProperty("disabled", true);
    expect(within(section).getByText(/^It can change once a day: again from /)).toBeTruthy();
  });

  it("shows the server's reason when it refuses the change", async () => {
    const refusal = "Your time zone can change once a day. You can change it again on 2026-12-01 at 10:00 UTC.";
    mockFetch(routes({ timeZone: "UTC", chosen: false, changeableAt: null }, { status: 409, body: { message: refusal } }));
    renderRoute("/settings");
    const user = userEvent.setup();
    const select = await screen.findByRole("combobox", { name: "Count my days in" });
    await waitFor(() => expect(select).toHaveProperty("disabled", false));
    await user.selectOptions(select, "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText("Time zone not changed")).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
  });

  it("names this device's zone when the account counts days in another", async () => {
    const other = DEVICE_ZONE === "Asia/Tokyo" ? "Europe/Berlin" : "Asia/Tokyo";
    mockFetch(routes({ timeZone: other, chosen: true, changeableAt: null }));
    renderRoute("/settings");
    await waitFor(() => expect(screen.getByTestId("time-zone-summary").textContent).toContain(`This device is in ${DEVICE_ZONE}.`));
  });
});
