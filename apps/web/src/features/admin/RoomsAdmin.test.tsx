import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const ADMIN = { ...TEST_USER, id: 1, username: "admin", email: null, isAdmin: true };
const ROOMS = [
  { slug: "SpamSpam01", name: "Free crypto", visibility: "public", ownerName: "spammer", memberCount: 0, startedAt: Date.now() - 60_000, occupiedAt: null, hidden: false },
  { slug: "Writers001", name: "Writers", visibility: "link", ownerName: "ada", memberCount: 3, startedAt: Date.now() - 600_000, occupiedAt: Date.now(), hidden: false },
];
const routes = { ...loggedIn(ADMIN), "GET /api/admin/users": { status: 200, body: [] }, "GET /api/admin/rooms": { status: 200, body: ROOMS } };

describe("/admin Rooms", () => {
  it("lists the open rooms and ends one only after the admin confirms, by keyboard", async () => {
    const fetchMock = mockFetch({ ...routes, "POST /api/admin/rooms/SpamSpam01/end": { status: 200, body: { message: 'Room "Free crypto" ended' } } });
    renderRoute("/admin");
    const list = await screen.findByRole("list", { name: "Open rooms" });
    expect(within(list).getByText("by spammer · 0 people in it", { exact: false })).toBeTruthy();
    expect(within(list).getByText("Link only")).toBeTruthy();
    // A link room is not on the public list, so it has no Hide.
    expect(screen.queryByRole("button", { name: "Hide Writers" })).toBeNull();

    const user = userEvent.setup();
    screen.getByRole("button", { name: "End Free crypto" }).focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText('End "Free crypto"?')).toBeTruthy();
    // Cancel has the focus: Escape or Enter right away does nothing to the room.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const ends = () => fetchMock.mock.calls.filter(([url, init]) => url === "/api/admin/rooms/SpamSpam01/end" && init?.method === "POST");
    expect(ends()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "End Free crypto" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "End room" }));
    await waitFor(() => expect(ends()).toHaveLength(1));
    expect(await screen.findByText('Room "Free crypto" ended')).toBeTruthy();
  });

  it("hides a public room after confirming, and shows the server's message when refused", async () => {
    const fetchMock = mockFetch({ ...routes, "PUT /api/admin/rooms/SpamSpam01/hidden": { status: 404, body: { message: "Room not found" } } });
    renderRoute("/admin");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Hide Free crypto" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText('Hide "Free crypto" from the public list?')).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Hide room" }));
    const call = await waitFor(() => {
      const found = fetchMock.mock.calls.find(([url]) => url === "/api/admin/rooms/SpamSpam01/hidden");
      expect(found).toBeTruthy();
      return found;
    });
    expect(call?.[1]?.body).toBe(JSON.stringify({ hidden: true }));
    expect(await screen.findByText("Room not found")).toBeTruthy();
  });
});
