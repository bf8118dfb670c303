import type { Room, SessionOutcome, User } from "@focus/core/schemas";
import { offerReflection } from "@/features/timer/reflection";
import { userKey } from "@/runtime/userStorage";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeLiveSocket } from "@/test/fakeLiveSocket";
import { saveRunningFlow, saveRunningFocus } from "@/test/timerState";
import { renderRoute, serveApp, TEST_USER } from "@/test/render";

/** The test's instant, a Sunday noon: the clock stands still, so the times shown are exact however slow the page is. */
const NOON = new Date(2026, 10, 22, 12, 0);
const member: User = { ...TEST_USER, trialEndDate: new Date(NOON.getTime() + 7 * 86_400_000).toISOString() };

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
    memberCount: overrides.members?.length ?? 0,
    members: [],
    ...overrides,
  };
}

/** The room as a `room_state` carries it, with `members`. */
function liveRoom(room: Room, members: { name: string; status: string; limitReached?: boolean; checkIn?: SessionOutcome | null }[]) {
  const { isOwner: _isOwner, ...rest } = room;
  return { ...rest, memberCount: members.length, members: members.map((m) => ({ limitReached: false, checkIn: null, ...m })) };
}

/**
 * The account's room as the server keeps it (`GET /api/me/room`): the page's own join from the
 * room page makes it the room, `DELETE` takes it out; a test sets `room` for another device's act.
 */
function accountRoomServer(room: Room, initial: { slug: string; name: string } | null) {
  const account = { room: initial, seen: 0 };
  const answer = (url: string, init?: RequestInit) => {
    if (url !== "/api/me/room") return undefined;
    const sent = timerSocket()?.sent ?? [];
    const joined = sent.slice(account.seen).some((message) => message.type === "room_join" && message.slug === room.slug && message.rejoin !== true);
    account.seen = sent.length;
    if (joined) account.room = { slug: room.slug, name: room.name };
    if (init?.method === "DELETE") account.room = null;
    return { status: 200, body: { room: account.room } };
  };
  return { account, answer };
}

/** The account's room on the server of the latest `serveRoom`. */
let account: ReturnType<typeof accountRoomServer>["account"];

function serveRoom(room: Room, user: User | null = member, tasks: unknown[] = [], accountRoom: { slug: string; name: string } | null = null) {
  vi.stubGlobal("WebSocket", FakeLiveSocket);
  const server = accountRoomServer(room, accountRoom);
  account = server.account;
  const extra = (url: string, init?: RequestInit) =>
    url === `/api/rooms/${room.slug}` ? { status: 200, body: room } : url === "/api/tasks" ? { status: 200, body: tasks } : server.answer(url, init);
  if (user) return serveApp(user, extra);
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = url === "/api/me" ? { status: 401, body: { message: "Not authenticated" } } : (extra(url) ?? { status: 404, body: { message: "not found" } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The page's live connection (`/ws/timer`), where it joins; and the room's own socket (`/ws/rooms/<slug>`), where it watches. */
const timerSocket = () => FakeLiveSocket.to("/ws/timer");
const roomSocket = () => FakeLiveSocket.to("/ws/rooms/");

/** The listed people as "name · line". */
const listed = () =>
  within(screen.getByRole("list", { name: "People in the room" }))
    .getAllByRole("listitem")
    .map((item) => Array.from(item.children, (child) => child.textContent).join(" · "));

describe("a focus room's page", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeLiveSocket.reset();
    window.localStorage.clear();
  });

  it("joins over the live connection, shows who is in it, runs the room's round on the timer, sends the status and leaves", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toEqual([{ type: "room_join", slug: room.slug, status: "" }]));
    const socket = timerSocket()!;
    // Not in the room's round before the server lets the user in (it takes a round only from a member).
    expect(screen.queryByTestId("header-timer")?.getAttribute("aria-label") ?? "idle").not.toMatch(/^Focus: 20:00 left/);

    socket.receive({ type: "room_state", room: liveRoom(room, [{ name: "ada", status: "Chapter 3" }, { name: member.username, status: "" }]), serverNow: Date.now() });
    await screen.findByRole("list", { name: "People in the room" });
    expect(listed()).toEqual(["ada · Chapter 3", `${member.username} · focusing`]);

    // The timer runs the room's focus round to the room's end.
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus: 20:00 left/));

    await user.type(screen.getByLabelText(/This round I'll/), "Taxes");
    await waitFor(() => expect(socket.sentOf("room_status").at(-1)).toEqual({ type: "room_status", status: "Taxes" }));

    await user.click(screen.getByRole("button", { name: "Leave room" }));
    expect(socket.sentOf("room_leave")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Join this room" })).toBeTruthy();
  });

  it("asks how the round went in the break after it: one tap tells the room and keeps the answer with the round's session; others' answers show by their names", async () => {
    // The room's first focus round ended 2 minutes ago: its break runs (3 minutes left).
    const startedAt = NOON.getTime() - 27 * 60_000;
    const breakStart = startedAt + 25 * 60_000;
    const room = roomNow({ startedAt, round: { index: 1, phase: "break", startedAt: breakStart, endsAt: breakStart + 5 * 60_000 } });
    const fetchMock = serveRoom(room);
    // The round's session just ended on this device's timer and waits for its reflection.
    offerReflection({ clientId: "round-session", userId: member.id, intention: null, endedAt: breakStart });
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    const socket = timerSocket()!;
    socket.receive({ type: "room_state", room: liveRoom(room, [{ name: "ada", status: "Chapter 3", checkIn: "done" }, { name: member.username, status: "" }]), serverNow: Date.now() });
    // Ada's answer shows by her name.
    await waitFor(() => expect(listed()).toEqual(["ada · Chapter 3Last round: Done", `${member.username} · on a break`]));
    const checkIn = screen.getByRole("group", { name: "How did this round go?" });
    await user.click(within(checkIn).getByRole("button", { name: "Partly" }));
    expect(socket.sentOf("room_check_in")).toEqual([{ type: "room_check_in", outcome: "partly" }]);
    expect(within(checkIn).getByRole("button", { name: "Partly" }).getAttribute("aria-pressed")).toBe("true");
    // Kept with the round's session as its reflection.
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/sessions/round-session", expect.objectContaining({ method: "PATCH", body: JSON.stringify({ outcome: "partly" }) })),
    );
  });

  it("asks before joining ends a Flowtime session, naming the time it has run, not a time left", async () => {
    saveRunningFlow(12 * 60_000);
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus: 12:00 so far/));
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    const dialog = await screen.findByRole("dialog", { name: "End your focus session?" });
    expect(dialog.textContent).toMatch(/Your Flowtime session has run for 12:00\. Joining ends it without recording it/);
  });

  it("asks before joining ends the user's own focus session, and keeps the session when they say so", async () => {
    saveRunningFocus(12 * 60_000);
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    const headerTimer = () => screen.getByTestId("header-timer").getAttribute("aria-label");
    await waitFor(() => expect(headerTimer()).toMatch(/^Focus: 12:00 left/));

    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    const dialog = await screen.findByRole("dialog", { name: "End your focus session?" });
    expect(dialog.textContent).toMatch(/Your focus session has 12:00 left\. Joining ends it without recording it/);
    await user.click(within(dialog).getByRole("button", { name: "Keep my session" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(timerSocket()?.sentOf("room_join") ?? []).toEqual([]);
    expect(headerTimer()).toMatch(/^Focus: 12:00 left/);

    await user.click(screen.getByRole("button", { name: "Join this room" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Join the room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    // Once the server lets them in, the room's round (20 minutes left) replaces the session.
    timerSocket()!.receive({ type: "room_state", room: liveRoom(room, [{ name: member.username, status: "" }]), serverNow: Date.now() });
    await waitFor(() => expect(headerTimer()).toMatch(/^Focus: 20:00 left/));
  });

  it("offers the task the user works on as their status when they join", async () => {
    const room = roomNow();
    const task = { id: 7, clientId: "c0ffee00-0000-4000-8000-000000000001", title: "Chapter 3 draft", estimate: 3, done: false, position: 0, createdAt: new Date().toISOString(), completedAt: null, actual: 1, lastSessionAt: null };
    window.localStorage.setItem(userKey(member.id, "active-task"), task.clientId);
    serveRoom(room, member, [task]);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect((screen.getByLabelText(/This round I'll/) as HTMLInputElement).value).toBe("Chapter 3 draft"));
    await waitFor(() => expect(timerSocket()?.sentOf("room_status").at(-1)).toEqual({ type: "room_status", status: "Chapter 3 draft" }));
  });

  it("says why when the room ends while the user is in it, or refuses the join", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    timerSocket()!.receive({ type: "room_error", slug: room.slug, message: "This room is full (50 people). Try another one." });
    expect(await screen.findByText("This room is full (50 people). Try another one.")).toBeTruthy();
    // A refused join is over: Join asks again.
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(2));
    expect(screen.queryByText("This room is full (50 people). Try another one.")).toBeNull();
    timerSocket()!.receive({ type: "room_closed", slug: room.slug, reason: "The owner ended this room." });
    expect(await screen.findByText("The owner ended this room.")).toBeTruthy();
    // An ended room is not joined again after a reload.
    expect(window.localStorage.getItem(userKey(member.id, "joined-room"))).toBeNull();
  });

  it("keeps the member in the room on the app's other pages, says so under the header, and leaves from there", async () => {
    const room = roomNow();
    const fetchMock = serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    const socket = timerSocket()!;
    socket.receive({ type: "room_state", room: liveRoom(room, [{ name: member.username, status: "" }]), serverNow: Date.now() });
    await waitFor(() => expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus: 20:00 left/));

    // The list of rooms: still in, with the way back.
    await user.click(screen.getByRole("link", { name: "All rooms" }));
    const chip = await screen.findByTestId("room-chip");
    expect(chip.textContent).toBe("In Writers' room·Back");
    expect(chip.getAttribute("href")).toBe(`/rooms/${room.slug}`);
    expect(socket.sentOf("room_leave")).toEqual([]);
    expect(screen.getByTestId("header-timer").getAttribute("aria-label")).toMatch(/^Focus: 20:00 left/);

    // Back to the room, where the task list is at hand; then away again, and Leave from the chip.
    await user.click(chip);
    expect(within(await screen.findByRole("region", { name: "Your tasks" })).getByRole("form", { name: "Add a task" })).toBeTruthy();
    expect(screen.queryByTestId("room-chip")).toBeNull();
    await user.click(screen.getByRole("link", { name: "All rooms" }));
    await user.click(await screen.findByRole("button", { name: "Leave room" }));
    expect(socket.sentOf("room_leave")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId("room-chip")).toBeNull());
    expect(window.localStorage.getItem(userKey(member.id, "joined-room"))).toBeNull();
    // Left on every device: the account's room is none on the server.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url) === "/api/me/room" && init?.method === "DELETE")).toBe(true));
    expect(account.room).toBeNull();
  });

  it("lets a visitor look at the round and asks them to sign in to join", async () => {
    const room = roomNow({ members: [{ name: "ada", status: "", limitReached: false, checkIn: null }] });
    serveRoom(room, null);
    renderRoute(`/rooms/${room.slug}`);
    expect(await screen.findByRole("heading", { name: "Writers' room" })).toBeTruthy();
    expect(screen.getByRole("timer").getAttribute("aria-label")).toBe("Focus round, 20:00 left");
    expect(screen.getByRole("link", { name: "Sign in to join" }).getAttribute("href")).toBe("/auth?tab=login");
    expect(screen.queryByRole("button", { name: "Join this room" })).toBeNull();
    expect(screen.getByText("ada")).toBeTruthy();
  });

  it("says why a status cannot be shared and does not send it", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    const socket = timerSocket()!;
    await user.type(screen.getByLabelText(/This round I'll/), "Taxes\u200B");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Status must not contain invisible or text-direction characters. Others still see your last status.");
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(socket.sentOf("room_status").map((m) => (m as { status: string }).status)).not.toContain("Taxes\u200B");
  });

  it("shows a visitor how many people are in the room, not who", async () => {
    const room = roomNow();
    serveRoom(room, null);
    renderRoute(`/rooms/${room.slug}`);
    await screen.findByRole("heading", { name: "Writers' room" });
    await waitFor(() => expect(roomSocket()?.url).toMatch(new RegExp(`/ws/rooms/${room.slug}$`)));
    const { isOwner: _isOwner, ...rest } = room;
    roomSocket()!.receive({ type: "room_state", room: { ...rest, ownerName: null, memberCount: 3, members: [] }, serverNow: Date.now() });
    expect(await screen.findByText("3 people")).toBeTruthy();
    expect(screen.getByText("Sign in to see who is here and what they work on.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "People in the room" })).toBeNull();
  });

  it("shows who is there as the server pushes it, to a visitor too: someone who leaves is gone at once", async () => {
    const room = roomNow({ members: [{ name: "ada", status: "", limitReached: false, checkIn: null }] });
    const fetchMock = serveRoom(room, null);
    renderRoute(`/rooms/${room.slug}`);
    await screen.findByRole("heading", { name: "Writers' room" });
    await waitFor(() => expect(roomSocket()?.url).toMatch(new RegExp(`/ws/rooms/${room.slug}$`)));
    const watch = roomSocket()!;
    watch.receive({ type: "room_state", room: liveRoom(room, [{ name: "ada", status: "" }, { name: "bo", status: "Taxes" }]), serverNow: Date.now() });
    expect(listed()).toEqual(["ada · focusing", "bo · Taxes"]);
    watch.receive({ type: "room_state", room: liveRoom(room, [{ name: "bo", status: "Taxes" }]), serverNow: Date.now() + 1 });
    expect(listed()).toEqual(["bo · Taxes"]);
    // Nothing is polled: the room was loaded once.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === `/api/rooms/${room.slug}`)).toHaveLength(1);
    watch.receive({ type: "room_closed", slug: room.slug, reason: "The owner ended this room." });
    expect(await screen.findByText("The owner ended this room.")).toBeTruthy();
  });

  it("never shows a member the daily limit keeps out of the focus round as focusing, and tells that member why", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute(`/rooms/${room.slug}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Join this room" }));
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    roomSocket()!.receive({
      type: "room_state",
      room: liveRoom(room, [{ name: "ada", status: "Chapter 3", limitReached: true }, { name: member.username, status: "", limitReached: true }]),
      serverNow: Date.now(),
    });
    expect(listed()).toEqual(["ada · not focusing (daily limit reached)", `${member.username} · not focusing (daily limit reached)`]);
    expect(screen.getByText("Today's free focus sessions are used up, so your timer sits out the focus rounds. The others see you as not focusing.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/subscription");
  });

  it("puts whoever opens a room in it at once, without pressing Join", async () => {
    const room = roomNow({ isOwner: true, ownerName: member.username });
    const fetchMock = serveRoom(room);
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/rooms" && init?.method === "POST") return json(201, room);
      if (url === "/api/me") return json(200, { user: member });
      if (url === "/api/config") return json(200, { interviewUrl: null, trialDays: 14, supportEmail: "support@focusflow.test", paymentConfigured: false });
      if (url === `/api/rooms/${room.slug}`) return json(200, room);
      if (url === "/api/rooms") return json(200, []);
      return json(404, { message: "not found" });
    });
    renderRoute("/rooms");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Room name"), "Writers' room");
    await user.click(screen.getByRole("button", { name: "Open room" }));
    await screen.findByRole("heading", { name: "Writers' room" });
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toEqual([{ type: "room_join", slug: room.slug, status: "" }]));
    expect(await screen.findByRole("button", { name: "Leave room" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join this room" })).toBeNull();
  });

  it("reads the round's time left on the server's clock, not this device's", async () => {
    // This device's clock is 2 minutes fast: the pong of the room's socket says so.
    const room = roomNow();
    serveRoom(room, null);
    renderRoute(`/rooms/${room.slug}`);
    await screen.findByRole("heading", { name: "Writers' room" });
    // The first ping goes at once (another follows every 20 s, which a slow page may reach).
    await waitFor(() => expect(roomSocket()?.sentOf("ping").length).toBeGreaterThan(0));
    const sentAt = roomSocket()!.sentOf("ping")[0]!.sentAt!;
    roomSocket()!.receive({ type: "pong", sentAt, serverNow: sentAt - 120_000 });
    await waitFor(() => expect(screen.getByRole("timer").getAttribute("aria-label")).toBe("Focus round, 22:00 left"));
  });

  it("follows the account's room: joined on another device, this one is in it too; left on another device, this one leaves", async () => {
    const room = roomNow();
    serveRoom(room, member, [], { slug: room.slug, name: room.name });
    renderRoute("/app");
    // In the room without opening it: the join is a rejoin, which the server refuses once the account left.
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toEqual([{ type: "room_join", slug: room.slug, status: "", rejoin: true }]));
    const socket = timerSocket()!;
    socket.receive({ type: "room_state", room: liveRoom(room, [{ name: member.username, status: "" }]), serverNow: Date.now() });
    expect((await screen.findByTestId("room-chip")).textContent).toBe("In Writers' room·Back");
    // Left on the other device: the server says so, and this device leaves too.
    account.room = null;
    socket.receive({ type: "room_membership_changed" });
    await waitFor(() => expect(socket.sentOf("room_leave")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId("room-chip")).toBeNull());
    expect(window.localStorage.getItem(userKey(member.id, "joined-room"))).toBeNull();
  });

  it("joins again after a reload while in the room", async () => {
    const room = roomNow();
    serveRoom(room);
    renderRoute({ pathname: `/rooms/${room.slug}`, state: { joined: true } });
    await waitFor(() => expect(timerSocket()?.sentOf("room_join")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Leave room" })).toBeTruthy();
  });

  it("asks before a room opened with a focus session under way ends it, and stays out when told to", async () => {
    saveRunningFocus(12 * 60_000);
    const room = roomNow({ isOwner: true });
    serveRoom(room);
    renderRoute({ pathname: `/rooms/${room.slug}`, state: { joined: true } });
    const user = userEvent.setup();
    const dialog = await screen.findByRole("dialog", { name: "End your focus session?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep my session" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(timerSocket()?.sentOf("room_join") ?? []).toEqual([]);
    expect(screen.getByRole("button", { name: "Join this room" })).toBeTruthy();
  });
});
