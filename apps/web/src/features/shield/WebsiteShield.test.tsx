import { DEFAULT_SETTINGS, type BlockedSite, type LinkedDevice, type ShieldStatus, type User } from "@focus/core/schemas";
import { SITE_ENTRY_MESSAGES } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/queryClient";
import { outboxSync } from "@/runtime/outbox/sync";
import { TEST_USER } from "@/test/render";
import { WebsiteShield } from "./WebsiteShield";

type Answer = { status: number; body?: unknown };

/**
 * A fake API over an in-memory blocklist and device list, like the routes that will exist.
 * `fail` makes one "METHOD path" answer with an error instead.
 */
/** A listed site as the fake API stores it (`delay` false unless given). */
type FakeSite = Omit<BlockedSite, "delay"> & { delay?: boolean };

function fakeApi({
  sites = [] as FakeSite[],
  devices = [] as LinkedDevice[],
  fail = {} as Record<string, Answer>,
  status = { devices: [], shieldOff: [] } as ShieldStatus,
} = {}) {
  const state = { sites: sites.map((site) => ({ delay: false, ...site })), devices: [...devices], nextId: 100, settings: { ...DEFAULT_SETTINGS }, status, schedules: [] as { id: number; days: number[]; start: string; end: string }[] };
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const answer = (a: Answer) =>
      new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
    const failure = fail[`${method} ${url}`];
    if (failure) return answer(failure);
    const id = Number(url.split("/").pop());
    if (url === "/api/blocked-sites" && method === "GET") return answer({ status: 200, body: state.sites });
    if (url === "/api/blocked-sites" && method === "POST") {
      const site = { id: state.nextId++, url: body.url, active: body.active, delay: false };
      state.sites.push(site);
      return answer({ status: 201, body: site });
    }
    if (url.startsWith("/api/blocked-sites/") && method === "PUT") {
      state.sites = state.sites.map((s) => (s.id === id ? { ...s, delay: body.delay } : s));
      return answer({ status: 200, body: state.sites.find((s) => s.id === id) });
    }
    if (url === "/api/settings" && method === "GET") return answer({ status: 200, body: state.settings });
    if (url === "/api/shield/status" && method === "GET") return answer({ status: 200, body: state.status });
    if (url === "/api/shield/schedules" && method === "GET") return answer({ status: 200, body: state.schedules });
    if (url === "/api/shield/schedules" && method === "POST") {
      const schedule = { id: state.nextId++, days: [...body.days].sort(), start: body.start, end: body.end };
      state.schedules.push(schedule);
      return answer({ status: 201, body: schedule });
    }
    if (url === "/api/settings" && method === "POST") {
      state.settings = { ...state.settings, ...body };
      return answer({ status: 200, body: state.settings });
    }
    if (url.startsWith("/api/blocked-sites/") && method === "DELETE") {
      state.sites = state.sites.filter((s) => s.id !== id);
      return answer({ status: 204 });
    }
    if (url === "/api/linked-devices" && method === "GET") return answer({ status: 200, body: state.devices });
    if (url.startsWith("/api/linked-devices/") && method === "PUT") {
      state.devices = state.devices.map((d) => (d.id === id ? { ...d, isActive: body.isActive } : d));
      return answer({ status: 200, body: state.devices.find((d) => d.id === id) });
    }
    if (url.startsWith("/api/linked-devices/") && method === "DELETE") {
      state.devices = state.devices.filter((d) => d.id !== id);
      return answer({ status: 204 });
    }
    return answer({ status: 404, body: { message: `Route ${method}:${url} not found` } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, state };
}

function renderShield(user: User = TEST_USER) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WebsiteShield user={user} />
      </MemoryRouter>
      <Toaster duration={Infinity} />
    </QueryClientProvider>,
  );
}

const DEVICE: LinkedDevice = {
  id: 7,
  name: "Chrome on Linux",
  isActive: true,
  lastSeenAt: null,
  createdAt: "2026-11-18T09:00:00.000Z",
};

describe("Website Shield tab", () => {
  it("shows the extension promo, its download link and the two Launching Soon cards", async () => {
    fakeApi();
    renderShield();
    expect(screen.getByRole("heading", { level: 2, name: "Focus Shield" })).toBeTruthy();
    expect(screen.getByText("Smart blocking during focus sessions")).toBeTruthy();
    expect(screen.getByText("Always-visible mini timer across tabs")).toBeTruthy();
    expect(screen.getByText("Seamless sync with web app sessions")).toBeTruthy();
    expect(screen.getByText("Activates blocking when a focus session starts")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download Extension" }).getAttribute("href")).toBe("/extension");
    expect(screen.getByText("Free • Works with Chrome • Easy 2-minute setup")).toBeTruthy();
    expect(screen.getAllByText("Launching Soon")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Linked Devices" })).toBeTruthy();
    const empty = await screen.findByText("No websites blocked yet. Add the sites that pull you away most often.");
    // The user's own list comes before the promo.
    const promo = screen.getByText("Smart blocking during focus sessions");
    expect(empty.compareDocumentPosition(promo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says how many websites the plan blocks, from the plan wording table", async () => {
    const sites = [1, 2, 3].map((id) => ({ id, url: `site${id}.com`, active: true }));
    fakeApi({ sites });
    const free = renderShield({ ...TEST_USER, subscriptionStatus: "cancelled" });
    await waitFor(() => expect(screen.getByTestId("blocklist-allowance").textContent).toBe("Free plan: 3 of 5 blocked websites."));
    free.unmount();
    renderShield({ ...TEST_USER, trialEndDate: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    expect(screen.getByTestId("blocklist-allowance").textContent).toBe("Your trial blocks as many websites as you like. On Free, up to 5.");
  });

  it("validates the website with the product's messages", async () => {
    const { calls } = fakeApi();
    renderShield();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("URL is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Website to block"), "not a website");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Invalid URL format (e.g., example.com)")).toBeTruthy();
    expect(screen.getByLabelText("Website to block").getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("says to leave out a query, or a scheme other than the web's, instead of cutting an address to its domain", async () => {
    const { calls } = fakeApi();
    renderShield();
    const user = userEvent.setup();
    const input = screen.getByLabelText("Website to block");
    await user.type(input, "ftp://www.YouTube.com/shorts");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText(SITE_ENTRY_MESSAGES.scheme)).toBeTruthy();
    await user.clear(input);
    await user.type(input, "https://youtube.com/watch?v=1");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText(SITE_ENTRY_MESSAGES.query)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("switches the Shield to an allow list and sets the delay passes a day, saved with the settings", async () => {
    const { calls } = fakeApi();
    // The outbox sends the signed-in user's writes (the app's OfflineSync names the user).
    await outboxSync.setUser(TEST_USER.id);
    renderShield();
    const user = userEvent.setup();
    const allow = await screen.findByRole("radio", { name: /Allow only the listed sites/ });
    expect((screen.getByRole("radio", { name: /Block the listed sites/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(allow);
    await user.selectOptions(screen.getByLabelText("Delay passes a day"), "1");
    await waitFor(() => {
      const posts = calls.filter((c) => c.method === "POST" && c.url === "/api/settings").map((c) => c.body);
      expect(posts).toEqual([{ shieldMode: "allowlist" }, { delayPassesPerDay: 1 }]);
    });
    expect((allow as HTMLInputElement).checked).toBe(true);
    await outboxSync.setUser(null);
  });

  it("speaks of allowed websites in allow-list mode: the list, its form, the toasts, and no delay switch", async () => {
    fakeApi({ sites: [{ id: 1, url: "reddit.com", active: true }] });
    await outboxSync.setUser(TEST_USER.id);
    renderShield();
    const user = userEvent.setup();
    expect(await screen.findByRole("switch", { name: "Delay instead of blocking reddit.com" })).toBeTruthy();
    await user.click(await screen.findByRole("radio", { name: /Allow only the listed sites/ }));
    expect(await screen.findByText("Allow list on")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Allowed websites" });
    expect(within(list).getByText("reddit.com")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Blocked websites" })).toBeNull();
    expect(screen.queryByRole("switch", { name: "Delay instead of blocking reddit.com" })).toBeNull();
    await user.type(screen.getByLabelText("Website to allow"), "docs.google.com");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Website added to allow list")).toBeTruthy();
    expect(screen.getByText("The website will stay open during focus sessions.")).toBeTruthy();
    expect(screen.queryByText("Website added to blocklist")).toBeNull();
    expect(screen.getByTestId("blocklist-allowance").textContent).toMatch(/websites on your allow list/);
    await user.click(screen.getByRole("radio", { name: /Block the listed sites/ }));
    expect(await screen.findByText("Block list on")).toBeTruthy();
    expect(await screen.findByRole("list", { name: "Blocked websites" })).toBeTruthy();
    expect(screen.getByLabelText("Website to block")).toBeTruthy();
    await outboxSync.setUser(null);
  });

  it("says an added exception stays open, not that it is blocked", async () => {
    fakeApi();
    renderShield();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Website to block"), "+youtube.com/watch");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Exception added")).toBeTruthy();
    expect(screen.getByText("youtube.com/watch will stay open during focus sessions.")).toBeTruthy();
    expect(screen.queryByText("Website added to blocklist")).toBeNull();
  });

  it("turns a site's delay page on, and offers no delay for an exception", async () => {
    const { calls } = fakeApi({
      sites: [
        { id: 1, url: "reddit.com", active: true },
        { id: 2, url: "+reddit.com/r/adhd", active: true },
      ],
    });
    renderShield();
    const user = userEvent.setup();
    const delay = await screen.findByRole("switch", { name: "Delay instead of blocking reddit.com" });
    expect(screen.queryByRole("switch", { name: "Delay instead of blocking +reddit.com/r/adhd" })).toBeNull();
    await user.click(delay);
    expect(await screen.findByText("Delay page on")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")).toEqual({ method: "PUT", url: "/api/blocked-sites/1", body: { delay: true } });
    await waitFor(() => expect((screen.getByRole("switch", { name: "Delay instead of blocking reddit.com" }) as HTMLInputElement).checked).toBe(true));
  });

  it("says whether the shield is on per paired browser, how to allow incognito, and when it was off", async () => {
    const reportedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    fakeApi({
      status: {
        devices: [
          { id: 1, name: "Chrome at work", isActive: true, reporting: true, reportedAt, incognitoAllowed: false, rulesInPlace: true, failedEntries: [] },
          { id: 2, name: "Chrome at home", isActive: true, reporting: false, reportedAt, incognitoAllowed: true, rulesInPlace: false, failedEntries: ["example.com/a-very-long-path"] },
        ],
        shieldOff: [{ startedAt: "2026-11-27T10:42:00.000Z", endedAt: null, sessionStart: "2026-11-27T10:30:00.000Z" }],
      },
    });
    renderShield();
    const browsers = await screen.findByRole("list", { name: "Shield per browser" });
    expect(within(browsers).getByText("Connected")).toBeTruthy();
    expect(within(browsers).getByText("Not in incognito windows")).toBeTruthy();
    expect(within(browsers).getByText(/^Not reporting since /)).toBeTruthy();
    expect(within(browsers).getByText("Rules missing")).toBeTruthy();
    // The entry the browser could not block is named, so the user can fix it.
    expect(within(browsers).getByTestId("failed-entries").textContent).toContain("example.com/a-very-long-path");
    expect(screen.getByTestId("incognito-guide").textContent).toContain('switch on "Allow in Incognito"');
    const off = new Date("2026-11-27T10:42:00.000Z").toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    expect(screen.getByTestId("shield-off").textContent).toContain(`Shield off at ${off}`);
    expect(screen.getByTestId("shield-off").textContent).toContain("still off");
  });

  it("adds a schedule from the days and times chosen, and shows the server's refusal", async () => {
    const { calls } = fakeApi({ fail: {} });
    renderShield();
    const user = userEvent.setup();
    await screen.findByText(/No schedules yet/);
    await user.click(screen.getByRole("checkbox", { name: "Fri" }));
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "11:30");
    await user.click(screen.getByRole("button", { name: "Add schedule" }));
    expect(await screen.findByText("Mon, Tue, Wed, Thu 09:00–11:30")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/shield/schedules")?.body).toEqual({ days: [1, 2, 3, 4], start: "09:00", end: "11:30" });
  });

  it("shows why a schedule was refused", async () => {
    fakeApi({ fail: { "POST /api/shield/schedules": { status: 403, body: { message: "The Free plan keeps 1 Shield schedule." } } } });
    renderShield();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add schedule" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The Free plan keeps 1 Shield schedule.");
  });

  it("shows the kind of each entry: a whole site, a path, an exception", async () => {
    fakeApi({
      sites: [
        { id: 1, url: "reddit.com", active: true },
        { id: 2, url: "youtube.com/shorts", active: true },
        { id: 3, url: "+youtube.com/watch", active: true },
      ],
    });
    renderShield();
    const list = await screen.findByRole("list", { name: "Blocked websites" });
    expect(within(list).getAllByTestId("entry-kind").map((kind) => kind.textContent)).toEqual(["Whole site", "Path", "Allowed"]);
    expect(within(list).getByText("+youtube.com/watch")).toBeTruthy();
  });

  it("adds a typed path as it was typed (normalised), toasts, refreshes the list and resets the form", async () => {
    const { calls } = fakeApi();
    renderShield();
    const user = userEvent.setup();
    const input = screen.getByLabelText("Website to block");
    await user.type(input, "www.YouTube.com/shorts/");
    await user.click(screen.getByRole("button", { name: "Add" }));

    expect(await screen.findByText("Website added to blocklist")).toBeTruthy();
    expect(screen.getByText("The website will be blocked during focus sessions.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/blocked-sites",
      body: { url: "youtube.com/shorts", active: true },
    });
    const list = await screen.findByRole("list", { name: "Blocked websites" });
    expect(within(list).getByText("youtube.com/shorts")).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("shows the server's message when adding fails", async () => {
    fakeApi({ fail: { "POST /api/blocked-sites": { status: 409, body: { message: "youtube.com is already on your blocklist" } } } });
    renderShield();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Website to block"), "youtube.com");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Failed to add website")).toBeTruthy();
    expect(screen.getByText("youtube.com is already on your blocklist")).toBeTruthy();
    expect((screen.getByLabelText("Website to block") as HTMLInputElement).value).toBe("youtube.com");
  });

  it("removes a site, or says why it could not", async () => {
    fakeApi({
      sites: [
        { id: 1, url: "reddit.com", active: true },
        { id: 2, url: "x.com", active: true },
      ],
      fail: { "DELETE /api/blocked-sites/2": { status: 500, body: { message: "Database unavailable" } } },
    });
    renderShield();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove reddit.com" }));
    expect(await screen.findByText("Website removed from blocklist")).toBeTruthy();
    expect(screen.getByText("The website will no longer be blocked.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("reddit.com")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Remove x.com" }));
    expect(await screen.findByText("Failed to remove website")).toBeTruthy();
    expect(screen.getByText("Database unavailable")).toBeTruthy();
  });

  it("switches a linked device off and unlinks it after confirmation", async () => {
    const { calls } = fakeApi({ devices: [DEVICE] });
    renderShield();
    const user = userEvent.setup();
    const toggle = await screen.findByRole("switch", { name: "Active: Chrome on Linux" });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Not connected yet/)).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText("Device status updated")).toBeTruthy();
    expect(screen.getByText("The device settings have been updated successfully.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")).toEqual({ method: "PUT", url: "/api/linked-devices/7", body: { isActive: false } });
    await waitFor(() => expect((screen.getByRole("switch") as HTMLInputElement).checked).toBe(false));

    await user.click(screen.getByRole("button", { name: "Unlink Chrome on Linux" }));
    await user.click(within(screen.getByRole("group", { name: "Unlink Chrome on Linux?" })).getByRole("button", { name: "Unlink" }));
    expect(await screen.findByText("Device unlinked")).toBeTruthy();
    expect(screen.getByText("The device has been unlinked successfully.")).toBeTruthy();
    expect(await screen.findByText(/No browsers paired yet/)).toBeTruthy();
  });

  it("toasts device failures with the server's message", async () => {
    fakeApi({
      devices: [DEVICE],
      fail: {
        "PUT /api/linked-devices/7": { status: 403, body: { message: "Not your device" } },
        "DELETE /api/linked-devices/7": { status: 500 },
      },
    });
    renderShield();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Active: Chrome on Linux" }));
    expect(await screen.findByText("Failed to update device")).toBeTruthy();
    expect(screen.getByText("Not your device")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Unlink Chrome on Linux" }));
    await user.click(screen.getByRole("button", { name: "Unlink" }));
    expect(await screen.findByText("Failed to unlink device")).toBeTruthy();
    // No JSON message: "status: body (or status text)" (lib/api.ts).
    expect(screen.getByText(/^500:/)).toBeTruthy();
  });

  it("stays calm while the server has no blocked-sites or devices routes yet", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Not found" }), { status: 404 })),
    );
    renderShield();
    expect(await screen.findByText("Website blocking isn't available on this server yet.")).toBeTruthy();
    expect(await screen.findByText("Device pairing isn't available on this server yet.")).toBeTruthy();
    // The form still validates, and the promo still leads to the extension.
    expect(screen.getByLabelText("Website to block")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download Extension" })).toBeTruthy();
  });

  it("invites a guest to create an account instead of the form, without calling the API", async () => {
    const { calls } = fakeApi();
    renderShield({ ...TEST_USER, id: 0, isGuest: true });
    expect(screen.getByRole("heading", { name: "Build your own blocklist" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Free Account" })).toBeTruthy();
    expect(screen.queryByLabelText("Website to block")).toBeNull();
    expect(calls).toEqual([]);
  });
});
