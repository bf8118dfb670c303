import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, loggedOut, mockFetch, renderRoute } from "@/test/render";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

describe("/auth", () => {
  it("opens on the Register tab by default", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth");
    expect(await screen.findByRole("tab", { name: "Register", selected: true })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeTruthy();
  });

  it("shows the product's messages for a short username and password and a bad email", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth?tab=register");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "ab");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "123");
    await user.type(screen.getByLabelText("Confirm Password"), "123");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Username must be at least 3 characters")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getAllByText("Password must be at least 6 characters")).toHaveLength(2);
    const username = screen.getByLabelText("Username");
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(username.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Username must be at least 3 characters",
    );
  });

  it("moves the focus to the first field in error, and takes a message away once the field is right", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth?tab=register");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "calmcoder");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "calm@example.com");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getAllByText("Password must be at least 6 characters")).toHaveLength(2);
  });

  it("switches between Register and Login with the arrow keys", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth");
    const user = userEvent.setup();
    (await screen.findByRole("tab", { name: "Register", selected: true })).focus();
    await user.keyboard("{ArrowLeft}");
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Login", selected: true })).toBe(document.activeElement);
    await user.keyboard("{ArrowRight}");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
  });

  it("offers to keep a guest's work only when this browser holds some", async () => {
    mockFetch(loggedOut());
    const first = renderRoute("/auth");
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(screen.queryByText(/Keep your/)).toBeNull();
    first.unmount();

    const task = { id: null, clientId: "0f8fad5b-d9cb-469f-a165-70867728950e", title: "Draft", estimate: 2, done: false, position: 0, createdAt: "2026-01-05T09:00:00.000Z", completedAt: null, actual: 0, lastSessionAt: null };
    window.localStorage.setItem("guest-tasks", JSON.stringify([task]));
    try {
      renderRoute("/auth");
      expect(await screen.findByText("Keep your 1 task?")).toBeTruthy();
    } finally {
      window.localStorage.removeItem("guest-tasks");
    }
  });

  it("shows 'Passwords don't match' on the confirm field", async () => {
    const fetchMock = mockFetch(loggedOut());
    renderRoute("/auth");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "calmcoder");
    await user.type(screen.getByLabelText("Email"), "calm@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-one");
    await user.type(screen.getByLabelText("Confirm Password"), "secret-two");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    const confirm = screen.getByLabelText("Confirm Password");
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(confirm.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Passwords don't match",
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/register")).toBe(false);
  });

  it("shows the login messages on the Login tab", async () => {
    mockFetch(loggedOut());
    renderRoute("/auth?tab=login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username or Email"), "ab");
    await user.type(screen.getByLabelText("Password"), "123");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Username or email must be at least 3 characters")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters")).toBeTruthy();
  });

  it("shows the server's message when registration is refused", async () => {
    mockFetch({ ...loggedOut(), "POST /api/register": { status: 409, body: { message: "Username already exists" } } });
    renderRoute("/auth");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "calmcoder");
    await user.type(screen.getByLabelText("Email"), "calm@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-one");
    await user.type(screen.getByLabelText("Confirm Password"), "secret-one");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Username already exists")).toBeTruthy();
    expect(await screen.findByText("Registration failed")).toBeTruthy();
  });

  it("signs in and goes to /app", async () => {
    const fetchMock = mockFetch({ ...loggedOut(), "POST /api/login": { status: 200, body: { user: TEST_USER } } });
    renderRoute("/auth?tab=login");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username or Email"), "calm@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-one");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === "/api/login");
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ username: "calm@example.com", password: "secret-one" });
  });

  it("sends a signed-in user to /app", async () => {
    mockFetch(loggedIn());
    renderRoute("/auth");
    expect(await screen.findByText("Focus Arena stub")).toBeTruthy();
  });
});
