import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS, type User } from "@focus/core/schemas";
import { TEST_USER, renderRoute } from "@/test/render";
import { setActiveTask } from "@/runtime/tasks/activeTask";
import { clearReflection, offerReflection } from "./reflection";

const inTrial: User = { ...TEST_USER, trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString() };
const CLIENT_ID = "3f1b8c2e-4a5d-4e6f-8a9b-0c1d2e3f4a5b";
const PICKED = {
  id: 5,
  clientId: "7d1c2a3b-0000-4000-8000-000000000005",
  title: "Draft the grant summary",
  estimate: 2,
  actual: 0,
  done: false,
  position: 1,
  createdAt: new Date().toISOString(),
  completedAt: null,
  lastSessionAt: null,
};

/** Answers the calls of /app; records every PATCH of a session (path and body). */
function serve(user: User, todaySessions: unknown[] = []) {
  const patched: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      if (url === "/api/me") return json(200, { user });
      if (url === "/api/settings") return json(200, DEFAULT_SETTINGS);
      if (url.startsWith("/api/sessions/range")) return json(200, todaySessions);
      if (url === "/api/tasks") return json(200, [PICKED]);
      if (url.startsWith("/api/sessions/") && init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as object;
        patched.push({ path: url, body });
        return json(200, { id: 7, startTime: new Date().toISOString(), duration: 1500, type: "focus", completed: true, ...body });
      }
      return json(404, { message: "not found" });
    }),
  );
  return patched;
}

beforeEach(() => {
  window.localStorage.clear();
  clearReflection();
});
afterEach(() => {
  clearReflection();
  vi.useRealTimers();
});

describe("the intention on Start", () => {
  it("starts the focus session with what the user typed and shows it under the timer", async () => {
    serve(inTrial);
    renderRoute("/app");
    await userEvent.type(await screen.findByLabelText(/What will you do first\?/), "  Write the intro  ");
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect((await screen.findByTestId("session-intention")).textContent).toBe("First: Write the intro");
    // The field belongs to a waiting focus session: it is gone while one runs.
    expect(screen.queryByLabelText(/What will you do first\?/)).toBeNull();
  });

  it("is filled in with the picked task's title, which the user may change", async () => {
    serve(inTrial);
    setActiveTask(inTrial.id, PICKED.clientId);
    renderRoute("/app");
    const field = await screen.findByLabelText(/What will you do first\?/);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe("Draft the grant summary"));
    await userEvent.clear(field);
    await userEvent.type(field, "Read the call's rules");
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect((await screen.findByTestId("session-intention")).textContent).toBe("First: Read the call's rules");
  });

  it("makes 'When X, I will Y' from the two short inputs", async () => {
    serve(inTrial);
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "When ___, I will ___" }));
    await userEvent.type(screen.getByLabelText("When"), "I open the laptop");
    // A "when" alone is no intention yet: the form asks for the other half.
    expect(screen.getByText("Add what you will do, then it becomes your intention.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("I will"), "write the intro");
    expect(screen.getByText("When I open the laptop, I will write the intro")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    expect((await screen.findByTestId("session-intention")).textContent).toBe("First: When I open the laptop, I will write the intro");
  });

  it("says why an intention with hidden characters cannot be used, and does not start", async () => {
    serve(inTrial);
    renderRoute("/app");
    await userEvent.type(await screen.findByLabelText(/What will you do first\?/), "read\u202Eme");
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    const message = await screen.findByText("Intention must not contain invisible or text-direction characters");
    expect(message.getAttribute("role")).toBe("alert");
    expect(screen.getByLabelText(/What will you do first\?/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
  });

  it("starts without an intention when the field is left empty", async () => {
    serve(inTrial);
    renderRoute("/app");
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    await screen.findByRole("button", { name: "Pause" });
    expect(screen.queryByTestId("session-intention")).toBeNull();
  });
});

describe("How did it go?", () => {
  async function offered() {
    renderRoute("/app");
    await screen.findByTestId("timer-display");
    act(() => offerReflection({ clientId: CLIENT_ID, userId: inTrial.id, intention: "Write the intro", endedAt: Date.now() }));
    return screen.findByRole("region", { name: "How did it go?" });
  }

  it("saves Stuck with a rating of 2 with the session, by its clientId, and goes away", async () => {
    const patched = serve(inTrial);
    const card = await offered();
    expect(card.textContent).toContain("Write the intro");
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Stuck" }));
    expect(screen.getByRole("button", { name: "Stuck" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(screen.getByRole("button", { name: "Focus rating 2 of 5" }));
    await userEvent.click(save);
    await waitFor(() => expect(patched).toEqual([{ path: `/api/sessions/${CLIENT_ID}`, body: { outcome: "stuck", rating: 2 } }]));
    await waitFor(() => expect(screen.queryByRole("region", { name: "How did it go?" })).toBeNull());
  });

  it("works with the keyboard alone", async () => {
    const patched = serve(inTrial);
    const card = await offered();
    (card.querySelector("button") as HTMLButtonElement).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Done" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe("Save");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(patched).toEqual([{ path: `/api/sessions/${CLIENT_ID}`, body: { outcome: "done" } }]));
  });

  it("can be skipped: it goes away and nothing is sent", async () => {
    const patched = serve(inTrial);
    await offered();
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("region", { name: "How did it go?" })).toBeNull();
    expect(patched).toEqual([]);
  });

  it("is not asked again once the session was answered on another device", async () => {
    // The phone saved "Done" for the session; the desktop's server answer says so.
    // At a chosen instant, a Sunday noon: the answered session ended at 11:55 the same day.
    const noon = new Date(2026, 10, 22, 12, 0).getTime();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(noon);
    const startTime = new Date(noon - 30 * 60_000).toISOString();
    serve({ ...inTrial, trialEndDate: new Date(noon + 7 * 86_400_000).toISOString() }, [{ id: 7, clientId: CLIENT_ID, startTime, duration: 1500, type: "focus", completed: true, outcome: "done" }]);
    renderRoute("/app");
    await screen.findByTestId("timer-display");
    // Another session of the day without an answer is asked about.
    act(() => offerReflection({ clientId: "5e0c2f1a-1111-4222-8333-444455556666", userId: inTrial.id, intention: null, endedAt: Date.now() }));
    expect(await screen.findByRole("region", { name: "How did it go?" })).toBeTruthy();
    // The answered one is not.
    act(() => offerReflection({ clientId: CLIENT_ID, userId: inTrial.id, intention: "Write the intro", endedAt: Date.now() }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "How did it go?" })).toBeNull());
  });

  it("goes away when the next focus session starts", async () => {
    serve(inTrial);
    await offered();
    await userEvent.click(screen.getByRole("button", { name: "Start Focus" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "How did it go?" })).toBeNull());
  });
});
