import { DEFAULT_SETTINGS, type Settings } from "@focus/core/schemas";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, loggedIn, mockFetch, renderRoute } from "@/test/render";

const settingsRoute = { "GET /api/settings": { status: 200, body: DEFAULT_SETTINGS } };
const PREMIUM = { ...TEST_USER, subscriptionPlan: "premium" as const, subscriptionStatus: "active" as const };

/**
 * The settings API as the server keeps it: `POST /api/settings` merges the changes it gets over
 * the stored settings and answers the whole. The form saves by itself 600 ms after the last change,
 * so one set of changes may reach the server in one request or in several (a slow machine saves
 * between two clicks): tests check what was stored and what was sent in all, not the requests.
 */
function settingsServer() {
  let stored: Settings = { ...DEFAULT_SETTINGS };
  const fetchMock = mockFetch({ ...loggedIn(), ...settingsRoute });
  const table = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== "/api/settings" || init?.method !== "POST") return table(input, init);
    stored = { ...stored, ...(JSON.parse(String(init.body)) as Partial<Settings>) };
    return new Response(JSON.stringify(stored), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  const posts = () => fetchMock.mock.calls.filter(([url, init]) => url === "/api/settings" && init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)) as object);
  return {
    posts,
    /** Every change posted, later ones over earlier ones. */
    sent: () => Object.assign({}, ...posts()) as Partial<Settings>,
    stored: () => stored,
  };
}

beforeEach(() => window.localStorage.clear());

describe("Focus Settings", () => {
  it("shows the sliders with the product's ranges in whole minutes and the 2–6 interval choices", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute });
    renderRoute("/settings");
    expect(await screen.findByRole("heading", { name: "Focus Settings" })).toBeTruthy();
    const focus = await screen.findByRole("slider", { name: "Focus duration" });
    expect([focus.getAttribute("min"), focus.getAttribute("max"), focus.getAttribute("step")]).toEqual(["1", "180", "1"]);
    const short = screen.getByRole("slider", { name: "Short break" });
    expect([short.getAttribute("min"), short.getAttribute("max"), short.getAttribute("step")]).toEqual(["1", "60", "1"]);
    const long = screen.getByRole("slider", { name: "Long break" });
    expect([long.getAttribute("min"), long.getAttribute("max"), long.getAttribute("step")]).toEqual(["1", "60", "1"]);
    const interval = screen.getByRole("combobox", { name: "Long break interval" }) as HTMLSelectElement;
    expect(Array.from(interval.options).map((o) => o.value)).toEqual(["2", "3", "4", "5", "6"]);
    expect(interval.value).toBe("4");
  });

  it("disables the sound selector while sound notifications are off", async () => {
    settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    const sound = (await screen.findByRole("combobox", { name: "Notification sound" })) as HTMLSelectElement;
    expect(sound.disabled).toBe(false);
    expect(Array.from(sound.options).map((o) => o.value)).toEqual(["bell", "chime", "digital", "gentle", "none"]);
    await user.click(screen.getByRole("switch", { name: "Sound notifications" }));
    expect(sound.disabled).toBe(true);
    await user.click(screen.getByRole("switch", { name: "Sound notifications" }));
    expect(sound.disabled).toBe(false);
    // Let the autosave of these changes finish inside this test.
    await waitFor(() => expect(screen.getByTestId("settings-save-status").textContent).toBe("All changes saved."));
  });

  it("sends only the changed settings, the interval as a number, and toasts 'Settings saved'", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Long break interval" }), "3");
    await user.click(screen.getByRole("switch", { name: "Auto-start focus" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(screen.getByText("Your preferences have been updated.")).toBeTruthy();
    // The changes, whether the autosave sent the first one before the button: never the rest.
    expect(server.sent()).toEqual({ longBreakInterval: 3, autoStartFocus: true });
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, longBreakInterval: 3, autoStartFocus: true });
  });

  it("takes an exact length typed beside the slider, once it is a whole number in range", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    const typed = await screen.findByRole("spinbutton", { name: "Focus duration in minutes" });
    await user.clear(typed);
    // Out of range while typing: nothing is taken, and the field says what it takes.
    await user.type(typed, "0");
    expect(typed.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A whole number from 1 to 180")).toBeTruthy();
    await user.clear(typed);
    await user.type(typed, "17");
    expect((screen.getByRole("slider", { name: "Focus duration" }) as HTMLInputElement).value).toBe("17");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(server.sent()).toEqual({ focusDuration: 17 });
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, focusDuration: 17 });
  });

  it("saves the warning before the end, its sound (only with a warning) and the weekly goal", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    const warning = (await screen.findByRole("combobox", { name: "Warn before the end" })) as HTMLSelectElement;
    expect(warning.value).toBe("1");
    await user.selectOptions(warning, "off");
    expect((screen.getByRole("switch", { name: "Warning sound" }) as HTMLInputElement).disabled).toBe(true);
    await user.selectOptions(warning, "both");
    await user.click(screen.getByRole("switch", { name: "Warning sound" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Weekly goal" }), "5");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    // "Off" may have been saved on its own before "both" replaced it: what is kept is the last choice.
    expect(server.sent()).toEqual({ endWarning: "both", warningSound: true, weeklyGoalDays: 5 });
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, endWarning: "both", warningSound: true, weeklyGoalDays: 5 });
  });

  it("saves strict focus and the escapes per week, the escapes as a number", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    const escapes = await screen.findByRole("combobox", { name: "Escapes per week" });
    expect((escapes as HTMLSelectElement).value).toBe("3");
    await user.selectOptions(escapes, "1");
    await user.click(screen.getByRole("switch", { name: "Start focus sessions in strict mode" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(server.sent()).toEqual({ strictFocus: true, escapesPerWeek: 1 });
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, strictFocus: true, escapesPerWeek: 1 });
  });

  it("saves the focus style, and shows Flowtime's break and cue only for Flowtime", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    const style = await screen.findByRole("combobox", { name: "Focus style" });
    expect(screen.queryByRole("combobox", { name: "Flowtime break" })).toBeNull();
    await user.selectOptions(style, "flowtime");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Flowtime break" }), "1/4 of the focus time");
    expect(screen.getByText("Suggest a break after")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Five more minutes" }), "Off");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(server.sent()).toEqual({ focusStyle: "flowtime", flowBreakShare: 0.25, maxExtensions: 0 });
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, focusStyle: "flowtime", flowBreakShare: 0.25, maxExtensions: 0 });
  });

  it("saves a change by itself a moment later, without a toast, and says so", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    expect((await screen.findByTestId("settings-save-status")).textContent).toBe("Changes save automatically.");
    await user.click(screen.getByRole("switch", { name: "Auto-start focus" }));
    await waitFor(() => expect(screen.getByTestId("settings-save-status").textContent).toBe("All changes saved."));
    // One change, one save.
    expect(server.posts()).toEqual([{ autoStartFocus: true }]);
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, autoStartFocus: true });
    expect(screen.queryByText("Settings saved")).toBeNull();
  });

  it("takes 'Save Settings' while a save is on its way, and toasts once the server has both", async () => {
    const server = settingsServer();
    // The server holds its answer to the first save (a slow network) until `answer` is called.
    const fetchMock = vi.mocked(globalThis.fetch);
    const answerSettings = fetchMock.getMockImplementation()!;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let held = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/settings" && init?.method === "POST" && held++ === 0) await answered;
      return answerSettings(input, init);
    });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Auto-start focus" }));
    await waitFor(() => expect(held).toBe(1));
    await user.selectOptions(screen.getByRole("combobox", { name: "Long break interval" }), "3");
    const button = screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await user.click(button);
    // Not saved yet: the server has answered neither.
    expect(screen.queryByText("Settings saved")).toBeNull();
    answer();
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(server.stored()).toEqual({ ...DEFAULT_SETTINGS, autoStartFocus: true, longBreakInterval: 3 });
  });

  it("saves a change still waiting when the user leaves the settings at once", async () => {
    const server = settingsServer();
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Auto-start focus" }));
    await user.click(screen.getByRole("link", { name: "Back to the app" }));
    expect(await screen.findByRole("heading", { name: "Focus Arena" })).toBeTruthy();
    await waitFor(() => expect(server.posts()).toEqual([{ autoStartFocus: true }]));
  });

  // A 5xx or no answer is not a failure any more: the save waits in the outbox (features/offline).
  it("toasts 'Failed to save settings' with the server's reason when the server refuses the save", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute, "POST /api/settings": { status: 400, body: { message: "focusDuration must be a multiple of 5" } } });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Auto-start focus" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Failed to save settings")).toBeTruthy();
    expect(screen.getByText("focusDuration must be a multiple of 5")).toBeTruthy();
    expect(screen.getByTestId("settings-save-status").textContent).toMatch(/^Not saved/);
  });

  it("falls back to 'An error occurred while saving your settings.' when the refusal gives no reason", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute, "POST /api/settings": { status: 400, text: "" } });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Auto-start focus" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Failed to save settings")).toBeTruthy();
    expect(screen.getByText("An error occurred while saving your settings.")).toBeTruthy();
  });

  it("disables the email Save when the email is unchanged or empty or the password is missing, and updates it", async () => {
    const updated = { ...TEST_USER, email: "new@example.com" };
    const fetchMock = mockFetch({ ...loggedIn(), ...settingsRoute, "PUT /api/user/email": { status: 200, body: { user: updated } } });
    renderRoute("/settings");
    const user = userEvent.setup();
    const email = await screen.findByLabelText("Email");
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect((email as HTMLInputElement).value).toBe("calm@example.com");
    expect(save.disabled).toBe(true);
    await user.clear(email);
    expect(save.disabled).toBe(true);
    expect(screen.queryByLabelText("Your password")).toBeNull();
    await user.type(email, "new@example.com");
    // A new email asks for the password before it can be saved.
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText("Your password"), "calm-focus-42");
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(await screen.findByText("Email updated")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/user/email");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "new@example.com", currentPassword: "calm-focus-42" });
  });

  it("shows the server's message when the email change is refused", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute, "PUT /api/user/email": { status: 409, body: { message: "Email already registered" } } });
    renderRoute("/settings");
    const user = userEvent.setup();
    const email = await screen.findByLabelText("Email");
    await user.clear(email);
    await user.type(email, "taken@example.com");
    await user.type(screen.getByLabelText("Your password"), "calm-focus-42");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to update email")).toBeTruthy();
    expect(screen.getByText("Email already registered")).toBeTruthy();
  });

  it("keeps Update Password disabled until all three fields are filled", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute });
    renderRoute("/settings");
    const user = userEvent.setup();
    const button = (await screen.findByRole("button", { name: "Update Password" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText("Current Password"), "old-secret");
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret");
    expect(button.disabled).toBe(false);
  });

  it("says 'Passwords do not match' and sends nothing when the new passwords differ", async () => {
    const fetchMock = mockFetch({ ...loggedIn(), ...settingsRoute });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current Password"), "old-secret");
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "other-secret");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(screen.getByText("Please make sure your new password and confirm password match.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/user/password")).toBe(false);
  });

  it("updates the password, or asks to check the current one when refused", async () => {
    const fetchMock = mockFetch({
      ...loggedIn(),
      ...settingsRoute,
      "PUT /api/user/password": { status: 400, body: { message: "Current password is incorrect" } },
    });
    renderRoute("/settings");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current Password"), "wrong-secret");
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Please check your current password and try again.")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/user/password");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ currentPassword: "wrong-secret", newPassword: "new-secret" });

    mockFetch({ ...loggedIn(), ...settingsRoute, "PUT /api/user/password": { status: 200, body: { message: "Password updated" } } });
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Password updated")).toBeTruthy();
    expect(screen.getByText("Your other browsers and linked devices were signed out.")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Current Password") as HTMLInputElement).value).toBe(""));
  });

  it("signs out every other browser and device from the profile card, showing the server's answer", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      ...loggedIn(),
      ...settingsRoute,
      "POST /api/user/logout-all": { status: 200, body: { message: "Signed out of your other browsers and linked devices" } },
    });
    renderRoute("/settings");
    await user.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText("Signed out of your other browsers and linked devices")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/user/logout-all" && init?.method === "POST")).toBe(true);
  });

  it("offers 'Upgrade to Premium' to free users and 'Cancel subscription' to premium users", async () => {
    mockFetch({ ...loggedIn(), ...settingsRoute });
    const { unmount } = renderRoute("/settings");
    const upgrade = await screen.findByRole("link", { name: "Upgrade to Premium" });
    expect(upgrade.getAttribute("href")).toBe("/subscription");
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    unmount();

    mockFetch({ ...loggedIn(PREMIUM), ...settingsRoute });
    renderRoute("/settings");
    expect(await screen.findByRole("button", { name: "Cancel subscription" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade to Premium" })).toBeNull();
  });
});
