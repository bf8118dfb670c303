import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

const ADMIN = { ...TEST_USER, id: 1, username: "admin", email: null, isAdmin: true };
const ROWS = [
  { id: 3, username: "newbie", email: "new@example.com", trialEndDate: new Date(Date.now() + 2.5 * 86_400_000).toISOString(), subscriptionStatus: "trial", subscriptionPlan: "free", upgradeRequestedAt: null },
  { id: 2, username: "payer", email: "pay@example.com", trialEndDate: null, subscriptionStatus: "active", subscriptionPlan: "premium", upgradeRequestedAt: null },
  { id: 1, username: "admin", email: null, trialEndDate: null, subscriptionStatus: "free", subscriptionPlan: "free", upgradeRequestedAt: null },
];
const adminRoutes = { ...loggedIn(ADMIN), "GET /api/admin/users": { status: 200, body: ROWS } };

describe("/admin", () => {
  it("shows 'Access Denied' to other users, with a way back to /app", async () => {
    mockFetch(loggedIn());
    renderRoute("/admin");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("button", { name: "Back to the app" }));
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
    expect(screen.getByText("Premium Active")).toBeTruthy();
    expect(screen.getByText("Free Plan")).toBeTruthy();
    expect(screen.getByText("new@example.com")).toBeTruthy();
    expect(screen.getByText("ID 3")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Delete admin" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Activate premium for payer" }) as HTMLButtonElement).disabled).toBe(true);
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
    expect(await screen.findByText("Failed to cancel subscription")).toBeTruthy();
    expect(screen.getByText("User not found")).toBeTruthy();
  });
});
