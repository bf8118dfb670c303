import type { User } from "@focus/core/schemas";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_USER, focusEndedAgo, renderRoute, serveApp } from "@/test/render";
import { TOGGLE_MUTE_EVENT } from "@/lib/events";

const inTrial: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };

const serve = (user: User = inTrial) => serveApp(user);

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("keyboard shortcuts in the main view", () => {
  it("starts and pauses with Space, resets with R and switches modes with 1, 2, 3", async () => {
    serve();
    renderRoute("/app");
    const display = await screen.findByTestId("timer-display");
    const user = userEvent.setup();

    await user.keyboard(" ");
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();
    await user.keyboard(" ");
    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();

    await user.keyboard("2");
    expect(display.textContent).toBe("05:00");
    expect(screen.getByRole("button", { name: "Short Break" }).getAttribute("aria-pressed")).toBe("true");
    await user.keyboard("3");
    expect(display.textContent).toBe("15:00");
    await user.keyboard("1");
    expect(display.textContent).toBe("25:00");

    await user.keyboard(" ");
    await screen.findByRole("button", { name: "Pause" });
    await user.keyboard("r");
    await waitFor(() => expect(screen.getByRole("button", { name: "Start Focus" })).toBeTruthy());
    expect(display.textContent).toBe("25:00");
  });

  it("refuses Space on the Free plan's third focus session of the day with the plan's message, beside the card that stands in for Start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 18, 12, 0));
    serveApp({ ...TEST_USER, trialEndDate: new Date(Date.now() - 60_000).toISOString() }, undefined, [focusEndedAgo(120), focusEndedAgo(60)]);
    renderRoute("/app");
    await screen.findByTestId("free-limit-card");
    await userEvent.setup().keyboard(" ");
    expect(await screen.findByText("Daily Limit Reached")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.getByTestId("free-limit-card")).toBeTruthy();
  });

  it("does nothing while the user types in a field", async () => {
    serve();
    renderRoute("/app");
    const display = await screen.findByTestId("timer-display");
    const field = document.createElement("input");
    field.setAttribute("aria-label", "Notes");
    document.body.append(field);
    const user = userEvent.setup();
    await user.click(field);
    await user.keyboard(" 2r?m");
    expect((field as HTMLInputElement).value).toBe(" 2r?m");
    expect(display.textContent).toBe("25:00");
    expect(screen.getByRole("button", { name: "Start Focus" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    field.remove();
  });

  it("ignores keys pressed with Ctrl, Meta or Alt", async () => {
    serve();
    renderRoute("/app");
    const display = await screen.findByTestId("timer-display");
    fireEvent.keyDown(document.body, { key: "2", ctrlKey: true });
    fireEvent.keyDown(document.body, { key: "2", metaKey: true });
    fireEvent.keyDown(document.body, { key: " ", altKey: true });
    expect(display.textContent).toBe("25:00");
    expect(screen.getByRole("button", { name: "Start Focus" })).toBeTruthy();
  });

  it("shows the list with ?, and asks the audio to mute with M", async () => {
    serve();
    renderRoute("/app");
    await screen.findByTestId("timer-display");
    const muted = vi.fn();
    document.addEventListener(TOGGLE_MUTE_EVENT, muted);
    const user = userEvent.setup();
    await user.keyboard("m");
    expect(muted).toHaveBeenCalledTimes(1);
    document.removeEventListener(TOGGLE_MUTE_EVENT, muted);

    await user.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(dialog).getByText("Start or pause the timer")).toBeTruthy();
    expect(within(dialog).getByText("Space")).toBeTruthy();
    // Inside the dialog the shortcuts rest: Space does not start the timer.
    await user.keyboard(" ");
    expect(screen.getByRole("button", { name: "Start Focus", hidden: true })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("gives focus back where it was when ? was pressed, once the list closes with Esc", async () => {
    serve();
    renderRoute("/app");
    const reset = await screen.findByRole("button", { name: "Reset timer" });
    reset.focus();
    const user = userEvent.setup();
    await user.keyboard("?");
    await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(reset));
  });
});
