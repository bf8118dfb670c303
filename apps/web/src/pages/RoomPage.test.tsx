import type { Room, User } from "@focus/core";
import { userKey } from "@/runtime/userStorage";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeLiveSocket } from "@/test/fakeLiveSocket";
import { saveRunningFocus } from "@/test/timerState";
import { renderRoute, serveApp, TEST_USER } from "@/test/render";

const member: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };

/** A room whose focus round started 5 minutes ago (20 minutes left). */
function roomNow(overrides: Partial<Room> = {}): Room {
  const startedAt = Date.now() - 5 * 60_000;
  return {
    slug: "AbCdEfGhIj",
    name: "Writers' room",
    visibility: "public",
    ownerName: "ada",
    isOwner: false,
    focusMinutes: 25,
    breakMinutes: 5,
    startedAt,
    endedAt: null,
    round: { index: 0, phase: "focus", startedAt, endsAt: startedAt + 25 * 60_000 },
    members: [],
    ...overrides,
  };
}

function serveRoom(room: Room, user: User | null = member, tasks: unknown[] = []) {
  vi.stubGlobal("WebSocket", FakeLiveSocket);
  const extra = (url: string) =>
    url === `/api/rooms/${room.slug}` ? { status: 200, body: room } : url === "/api/tasks" ? { status: 200, body: tasks } : undefined;
  if (user) return serveApp(user, extra);
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = url === "/api/me" ? { status: 401, body: { message: "Not authenticated" } } : (extra(url) ?? { status: 404, body: { message: "not found" } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("a focus room's page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeLiveSocket.last = null;
    window.localStorage.clear();
  });

  it("joins over the live connection, shows who is in it, runs the room's round on the timer, sends the status and leaves", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(FakeLiveSocket.last?.sentOf("room_join")).toEqual([{ type: "room_join", slug: room.slug, status: "" }]));
    const socket = FakeLiveSocket.last!;

    socket.receive({ type: "room_state", room: { ...room, isOwner: undefined, members: [{ name: "ada", status: "Chapter 3" }, { name: member.username, status: "" }] } as never, serverNow: Date.now() });
    const people = await screen.findByRole("list", { name: "People in the room" });
    expect(within(people).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["adaChapter 3", `${member.username}focusing`]);

    // The timer runs the room's focus round to the room's end.
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus: (20:00|19:\d\d) left/));

    await user.type(screen.getByLabelText(/What are you working on/), "Taxes");
    await waitFor(() => expect(socket.sentOf("room_status").at(-1)).toEqual({ type: "room_status", status: "Taxes" }), { timeout: 3000 });

    await user.click(screen.getByRole("button", { name: "Leave room" }));
    expect(socket.sentOf("room_leave")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Join this room" })).toBeTruthy();
  });

  it("asks before joining ends the user's own focus session, and keeps the session when they say so", async () => {
    saveRunningFocus(12 * 60_000);
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    const headerTimer = () => screen.getByTestId("header-timer").getAttribute("aria-label");
    await waitFor(() => expect(headerTimer()).toMatch(/^Focus: 1[12]:\d\d left/));

    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    const dialog = await screen.findByRole("dialog", { name: "End your focus session?" });
    expect(dialog.textContent).toMatch(/Your focus session has 1[12]:\d\d left\. Joining ends it without recording it/);
    await user.click(within(dialog).getByRole("button", { name: "Keep my session" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(FakeLiveSocket.last?.sentOf("room_join") ?? []).toEqual([]);
    expect(headerTimer()).toMatch(/^Focus: 1[12]:\d\d left/);

    await user.click(screen.getByRole("button", { name: "Join this room" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Join the room" }));
    await waitFor(() => expect(FakeLiveSocket.last?.sentOf("room_join")).toHaveLength(1));
    // The room's round (20 minutes left) replaced the session.
    await waitFor(() => expect(headerTimer()).toMatch(/^Focus: (20:00|19:\d\d) left/));
  });

  it("offers the task the user works on as their status when they join", async () => {
    const room = roomNow();
    const task = { id: 7, clientId: "c0ffee00-0000-4000-8000-000000000001", title: "Chapter 3 draft", estimate: 3, done: false, position: 0, createdAt: new Date().toISOString(), completedAt: null, actual: 1, lastSessionAt: null };
    window.localStorage.setItem(userKey(member.id, "active-task"), task.clientId);
    serveRoom(room, member, [task]);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect((screen.getByLabelText(/What are you working on/) as HTMLInputElement).value).toBe("Chapter 3 draft"));
    await waitFor(() => expect(FakeLiveSocket.last?.sentOf("room_status").at(-1)).toEqual({ type: "room_status", status: "Chapter 3 draft" }), { timeout: 3000 });
  });

  it("says why when the room ends while the user is in it, or refuses the join", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(FakeLiveSocket.last?.sentOf("room_join")).toHaveLength(1));
    FakeLiveSocket.last!.receive({ type: "room_error", slug: room.slug, message: "This room is full (50 people). Try another one." });
    expect(await screen.findByText("This room is full (50 people). Try another one.")).toBeTruthy();
    FakeLiveSocket.last!.receive({ type: "room_closed", slug: room.slug, reason: "The owner ended this room." });
    expect(await screen.findByText("The owner ended this room.")).toBeTruthy();
  });

  it("lets a visitor look at the round and asks them to sign in to join", async () => {
    const room = roomNow({ members: [{ name: "ada", status: "" }] });
    serveRoom(room, null);
    renderRoute(`/rooms/${room.slug}`);
    expect(await screen.findByRole("heading", { name: "Writers' room" })).toBeTruthy();
    expect(screen.getByRole("timer").getAttribute("aria-label")).toMatch(/^Focus round, (20:00|19:\d\d) left$/);
    expect(screen.getByRole("link", { name: "Sign in to join" }).getAttribute("href")).toBe("/auth?tab=login");
    expect(screen.queryByRole("button", { name: "Join this room" })).toBeNull();
    expect(screen.getByText("ada")).toBeTruthy();
  });
});
