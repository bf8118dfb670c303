import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const ADMIN = { ...TEST_USER, id: 1, username: "admin", email: null, isAdmin: true };
const ROWS = [
  {
    id: 3,
    username: "newbie",
    email: "new@example.com",
    trialEndDate: new Date(Date.now() + 2.5 * 86_400_000).toISOString(),
    subscriptionStatus: "trial",
    subscriptionPlan: "free",
    upgradeRequestedAt: "2026-11-26T09:30:00.000Z",
    offer: { offer: "half-price-3-months", acceptedAt: "2026-11-26T09:40:00.000Z", appliedAt: null },
  },
  {
    id: 2,
    username: "payer",
    email: "pay@example.com",
    trialEndDate: null,
    subscriptionStatus: "active",
    subscriptionPlan: "premium",
    upgradeRequestedAt: null,
    offer: { offer: "pause-3-months", acceptedAt: "2026-11-20T09:40:00.000Z", appliedAt: "2026-11-21T10:00:00.000Z" },
  },
  {
    id: 4,
    username: "leaver",
    email: "leaver@example.com",
    trialEndDate: null,
    subscriptionStatus: "cancelled",
    subscriptionPlan: "free",
    upgradeRequestedAt: null,
    offer: null,
    cancellation: { reason: "Technical issues", feedback: "The timer froze on my phone.", cancelledAt: "2026-11-25T08:00:00.000Z" },
  },
  { id: 1, username: "admin", email: null, trialEndDate: null, subscriptionStatus: "active", subscriptionPlan: "premium", upgradeRequestedAt: null, offer: null },
];
const adminRoutes = { ...loggedIn(ADMIN), "GET /api/admin/users": { status: 200, body: ROWS } };

describe("/admin", () => {
  afterEach(() => vi.useRealTimers());

  it("shows 'Access Denied' to other users, with a way back to /app", async () => {
    // The page goes back to /app by itself after 5 s: on fake timers, which stand still from the
    // moment it shows until the click, so the button is still there however slowly the page answers.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(loggedIn());
    renderRoute("/admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    vi.setTimerTickMode("manual");
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Back to the app" }).click());
    vi.setTimerTickMode("interval");
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
  });

  it("sends logged-out visitors to /auth", async () => {
    mockFetch(loggedOut());
    renderRoute("/admin");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
  });

  it("lists the users with the admin badges", async () => {
    mockFetch(adminRoutes);
    renderRoute("/admin");
    expect(await screen.findByText("3 days left")).toBeTruthy();
    expect(screen.getAllByText("Premium Active")).toHaveLength(2);
    expect(screen.getByText("new@example.com")).toBeTruthy();
    expect(screen.getByText("ID 3")).toBeTruthy();
    // Nothing to activate on Premium, nor on the admin's own row.
    expect(screen.queryByRole("button", { name: "Activate premium for payer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Activate premium for admin" })).toBeNull();
    expect(screen.getByRole("button", { name: "Activate premium for newbie" })).toBeTruthy();
  });

  it("shows each user's upgrade request and accepted offer, and marks a pending offer applied", async () => {
    const fetchMock = mockFetch({
      ...adminRoutes,
      "POST /api/admin/users/3/offer/applied": { status: 200, body: { message: "Offer marked applied for user ID 3" } },
    });
    renderRoute("/admin");
    const newbie = (await screen.findByText("newbie")).closest("li")!;
    expect(within(newbie).getByText(/^Upgrade requested /)).toBeTruthy();
    expect(within(newbie).getByText("Offer accepted: 50% off for 3 months")).toBeTruthy();
    const payer = screen.getByText("payer").closest("li")!;
    expect(within(payer).getByText("Offer applied: Pause for 3 months")).toBeTruthy();
    // Only a pending offer can be marked applied.
    expect(within(payer).queryByRole("button", { name: /Mark offer applied/ })).toBeNull();

    await userEvent.setup().click(within(newbie).getByRole("button", { name: "Mark offer applied for newbie" }));
    expect(await screen.findByText("Offer marked applied for user ID 3")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/users/3/offer/applied" && init?.method === "POST")).toBe(true);
  });

  it("gives the admin's own row neither Cancel nor Delete", async () => {
    mockFetch(adminRoutes);
    renderRoute("/admin");
    const own = (await screen.findByText("(you)")).closest("li")!;
    expect(within(own).getByText("admin")).toBeTruthy();
    expect(within(own).queryByRole("button", { name: /Cancel subscription/ })).toBeNull();
    expect(within(own).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel subscription of payer" })).toBeTruthy();
  });

  it("asks for confirmation, naming the user, before cancelling a subscription; 'Keep subscription' cancels nothing", async () => {
    const fetchMock = mockFetch({
      ...adminRoutes,
      "POST /api/subscription/cancel/2": { status: 200, body: { message: "Subscription cancelled for user ID 2" } },
    });
    renderRoute("/admin");
    const user = userEvent.setup();
    const cancelCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/subscription/cancel/2");

    await user.click(await screen.findByRole("button", { name: "Cancel subscription of payer" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading", { name: "Cancel payer's subscription?" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep subscription" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(cancelCalls()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel subscription of payer" }));
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    expect(await screen.findByText("Subscription cancelled for user ID 2")).toBeTruthy();
    expect(cancelCalls()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("shows each user's last cancellation with its reason and feedback", async () => {
    mockFetch(adminRoutes);
    renderRoute("/admin");
    const leaver = (await screen.findByText("leaver")).closest("li")!;
    const feedback = within(leaver).getByRole("group", { name: "Cancellation feedback" });
    expect(within(feedback).getByText("Cancelled because: Technical issues")).toBeTruthy();
    expect(within(feedback).getByText("“The timer froze on my phone.”")).toBeTruthy();
    expect(within(screen.getByText("payer").closest("li")!).queryByRole("group", { name: "Cancellation feedback" })).toBeNull();
  });

  it("ends a running trial after confirmation, and says in words why a user on Free has nothing to cancel", async () => {
    const fetchMock = mockFetch({
      ...adminRoutes,
      "POST /api/subscription/cancel/3": { status: 200, body: { message: "Trial ended for user ID 3" } },
    });
    renderRoute("/admin");
    const user = userEvent.setup();
    const leaver = (await screen.findByText("leaver")).closest("li")!;
    expect(within(leaver).queryByRole("button", { name: /Cancel subscription|End trial/ })).toBeNull();
    expect(within(leaver).getByText("On Free: nothing to cancel")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "End trial of newbie" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading", { name: "End newbie's trial?" })).toBeTruthy();
    expect(within(dialog).getByText("newbie's trial ends right away and they move to the Free plan. You can activate Premium later.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "End trial" }));
    expect(await screen.findByText("Trial ended for user ID 3")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/subscription/cancel/3" && init?.method === "POST")).toBe(true);
  });

  it("shows 'Failed to load users list ({status})' when the list does not load", async () => {
    mockFetch({ ...loggedIn(ADMIN), "GET /api/admin/users": { status: 500, text: "" } });
    renderRoute("/admin");
    expect(await screen.findByText("Failed to load users list (500)")).toBeTruthy();
  });

  it("validates the user ID before activating and reloads the list afterwards", async () => {
    const fetchMock = mockFetch({
      ...adminRoutes,
      "POST /api/subscription/activate/7": { status: 200, body: { message: "Subscription activated for user ID 7" } },
    });
    renderRoute("/admin");
    const user = userEvent.setup();
    const input = await screen.findByLabelText("User ID");
    const button = screen.getByRole("button", { name: "Activate Premium" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await user.type(input, "abc");
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(await screen.findByText("Please enter a valid user ID")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/subscription/activate"))).toBe(false);

    await user.clear(input);
    await user.type(input, "7");
    const listLoads = fetchMock.mock.calls.filter(([url]) => url === "/api/admin/users").length;
    await user.click(button);
    expect(await screen.findByText("Subscription activated for user ID 7")).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === "/api/admin/users").length).toBeGreaterThan(listLoads));
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("asks for confirmation before deleting a user", async () => {
    const fetchMock = mockFetch({ ...adminRoutes, "DELETE /api/admin/users/3": { status: 200, body: { message: "User deleted successfully" } } });
    renderRoute("/admin");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete newbie" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("Are you sure you want to delete this user? This action cannot be undone and will delete all their data."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete user" }));
    expect(await screen.findByText("User deleted successfully")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/admin/users/3" && init?.method === "DELETE")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("shows the server's message when an action fails", async () => {
    mockFetch({ ...adminRoutes, "POST /api/subscription/cancel/2": { status: 404, body: { message: "User not found" } } });
    renderRoute("/admin");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel subscription of payer" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel subscription" }));
    expect(await screen.findByText("Failed to cancel subscription")).toBeTruthy();
    expect(screen.getByText("User not found")).toBeTruthy();
  });
});
