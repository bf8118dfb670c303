import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ESCAPE_SENTENCE } from "@focus/core/constants";
import type { User } from "@focus/core/schemas";
import { TEST_USER, renderRoute, serveApp } from "@/test/render";
import { allowanceNoteText } from "./EndEarlyDialog";

/** A Wednesday noon, so escapes hours ago all fall in this week. */
const NOW = new Date(2026, 10, 25, 12, 0);

/** A user on the Free plan (trial over): strict focus is theirs too (`docs/product.md`). */
const free = (): User => ({ ...TEST_USER, trialEndDate: new Date(NOW.getTime() - 60_000).toISOString() });

/** A strict session this week that was ended early `minutesAgo` minutes ago. */
function escapedAgo(minutesAgo: number) {
  const at = Date.now() - minutesAgo * 60_000;
  return { id: minutesAgo, startTime: new Date(at - 300_000).toISOString(), duration: 300, type: "focus", completed: false, escapedAt: new Date(at).toISOString() };
}

/** The server's answer to End early's ask: a wait of `waitMs` from now (`POST /api/timer/escape`). */
const escapeWait = (waitMs: number) => (url: string) =>
  url === "/api/timer/escape" ? { status: 200, body: { waitMs, endsAt: Date.now() + waitMs, serverNow: Date.now() } } : undefined;

beforeEach(() => {
  window.localStorage.clear();
  // The clock stands still until a test moves it: the waits count on it, not on how fast the page is.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function startStrict() {
  renderRoute("/app");
  await screen.findByTestId("timer-display");
  const user = userEvent.setup();
  const strict = screen.getByRole("switch", { name: "Strict" });
  expect((strict as HTMLInputElement).checked).toBe(false);
  await user.click(strict);
  await user.click(screen.getByRole("button", { name: "Start Focus" }));
  await screen.findByTestId("strict-session");
  return user;
}

describe("strict focus in the Focus Arena", () => {
  it("offers no Pause, Reset or modes during a Free user's strict session, and keys only get a calm note", async () => {
    serveApp(free());
    const user = await startStrict();
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset timer" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Timer mode" })).toBeNull();
    expect(screen.getByRole("button", { name: "End early" })).toBeTruthy();

    await user.keyboard(" ");
    expect(await screen.findByText("Strict focus: this session keeps going")).toBeTruthy();
    await user.keyboard("r2");
    expect(screen.getByTestId("strict-session")).toBeTruthy();
    expect(screen.getByText("Running")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start Focus" })).toBeNull();
  });

  it("ends early only after the sentence is typed exactly and the server's wait is over; Keep focusing leaves the session running", async () => {
    const fetchMock = serveApp(free(), escapeWait(60_000));
    const user = await startStrict();
    await user.click(screen.getByRole("button", { name: "End early" }));
    let dialog = await screen.findByRole("dialog", { name: "End this session early?" });
    expect(within(dialog).getByText(/wait 60 seconds/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep focusing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("strict-session")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "End early" }));
    dialog = await screen.findByRole("dialog", { name: "End this session early?" });
    const end = within(dialog).getByRole("button", { name: "End session" }) as HTMLButtonElement;
    const field = within(dialog).getByRole("textbox");
    await user.type(field, ESCAPE_SENTENCE.toUpperCase());
    expect(within(dialog).getByTestId("end-early-status").textContent).toBe("Type it exactly as shown.");
    await user.clear(field);
    await user.type(field, ESCAPE_SENTENCE);
    await waitFor(() => expect(within(dialog).getByTestId("end-early-status").textContent).toBe("Wait 1:00 more."));
    expect(end.disabled).toBe(true);
    // The wait is the server's: typing the sentence asked for it.
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/timer/escape")).toHaveLength(1);
    vi.setSystemTime(Date.now() + 30_000);
    await waitFor(() => expect(within(dialog).getByTestId("end-early-status").textContent).toBe("Wait 0:30 more."));
    expect(end.disabled).toBe(true);

    // A minute on, End session opens up.
    vi.setSystemTime(Date.now() + 31_000);
    await waitFor(() => expect(end.disabled).toBe(false));
    await user.click(end);
    expect(await screen.findByText("Session ended early")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Start Focus" })).toBeTruthy();
    expect(screen.queryByTestId("strict-session")).toBeNull();
    // Not strict any more: the next session starts as the setting says (off).
    expect((screen.getByRole("switch", { name: "Strict" }) as HTMLInputElement).checked).toBe(false);
  });

  it("words the week's escapes for an allowance of none, one or several", () => {
    expect(allowanceNoteText(0, 0)).toBe("Your settings allow no quick escapes a week, so the wait is the longer one. That's fine; it's here when you need it.");
    expect(allowanceNoteText(1, 1)).toMatch(/^You've used this week's escape, so/);
    expect(allowanceNoteText(1, 3)).toBe("This week: 1 of 3 escapes used.");
  });

  it("waits 5 minutes once this week's escapes reach the allowance", async () => {
    serveApp(free(), escapeWait(5 * 60_000), [escapedAgo(60), escapedAgo(120), escapedAgo(180)]);
    const user = await startStrict();
    await user.click(screen.getByRole("button", { name: "End early" }));
    const dialog = await screen.findByRole("dialog", { name: "End this session early?" });
    expect(await within(dialog).findByText(/You've used this week's 3 escapes/)).toBeTruthy();
    expect(within(dialog).getByText(/wait 5 minutes/)).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox"), ESCAPE_SENTENCE);
    await waitFor(() => expect(within(dialog).getByTestId("end-early-status").textContent).toBe("Wait 5:00 more."));
    // A minute on, the page's next tick (within a second) shows the wait going on.
    vi.setSystemTime(Date.now() + 61_000);
    await waitFor(() => expect(within(dialog).getByTestId("end-early-status").textContent).toBe("Wait 3:59 more."));
    expect((within(dialog).getByRole("button", { name: "End session" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says why when the server will not start the wait, and keeps End session shut", async () => {
    serveApp(free(), (url) => (url === "/api/timer/escape" ? { status: 409, body: { message: "There is no strict focus session to end early." } } : undefined));
    const user = await startStrict();
    await user.click(screen.getByRole("button", { name: "End early" }));
    const dialog = await screen.findByRole("dialog", { name: "End this session early?" });
    await user.type(within(dialog).getByRole("textbox"), ESCAPE_SENTENCE);
    await waitFor(() => expect(within(dialog).getByTestId("end-early-status").textContent).toBe("There is no strict focus session to end early."));
    vi.setSystemTime(Date.now() + 61_000);
    expect((within(dialog).getByRole("button", { name: "End session" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
