import { describe, expect, it } from "vitest";
import type { Browser, Locator } from "playwright-core";
import { moveSessionBack } from "./accountTimerHelpers";
import { registerOverApi, saveScreenshot, uniqueName, type RunningServer } from "./harness";
import { serverAndBrowserPerFile } from "./serverAndBrowser";
import { smallTapTargets } from "./tapTargets";

/**
 * Tasks estimated in focus sessions, end to end in Debian Chromium against the built server: a
 * user adds a task estimated at 2 sessions, works on it for one focus session (moved into the
 * past on the server, so it ends a few seconds after a reload) and sees 0 / 2 become 1 / 2 in
 * the Focus Arena, the task in the Statistics tab's estimate card, and the session's taskId in
 * GET /api/sessions.
 */
let server: RunningServer;
let browser: Browser;

serverAndBrowserPerFile((started) => ({ server, browser } = started));

describe("tasks end to end", () => {
  it("a user estimates a task at 2 sessions, works one focus session on it and sees 1 / 2 in the Focus Arena and in Statistics", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const username = uniqueName("tasks");
    await registerOverApi(page, server.url, username);
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");

    const tasks = page.getByRole("form", { name: "Add a task" });
    await tasks.getByLabel("What will you work on?").fill("Write the project summary");
    await tasks.getByRole("button", { name: "One session more" }).click();
    await expect.poll(() => tasks.getByLabel("Estimate").inputValue()).toBe("2");
    await tasks.getByRole("button", { name: "Add task" }).click();

    const row = page.getByTestId("open-task").filter({ hasText: "Write the project summary" });
    /** The "actual / estimate" a user sees in `within` (screen readers hear it in words). */
    const count = (within: Locator) => within.getByTestId("task-count").locator("span[aria-hidden]").innerText();
    await expect.poll(() => count(row)).toBe("0 / 2");
    // Sent to the server: the row has its id once the answer is in (no "waiting" note).
    const listed = async () => (await (await page.request.get(`${server.url}/api/tasks`)).json()) as Array<{ id: number; title: string; estimate: number; actual: number }>;
    await expect.poll(async () => (await listed()).map((t) => [t.title, t.estimate, t.actual])).toEqual([["Write the project summary", 2, 0]]);
    const [task] = await listed();

    await row.getByRole("radio", { name: "Write the project summary" }).check();
    await expect.poll(() => page.getByTestId("working-on").innerText()).toContain("Working on: Write the project summary");

    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.title()).toMatch(/^2[45]:\d\d/);
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    await moveSessionBack(server, username, 25 * 60_000 - 5000);
    await page.reload();
    await expect.poll(() => page.getByTestId("today-sessions").textContent(), { timeout: 30_000 }).toBe("1");
    await expect.poll(() => count(row)).toBe("1 / 2");
    await expect.poll(() => count(page.getByTestId("working-on"))).toBe("1 / 2");
    await saveScreenshot(page, "tasks-focus-arena-desktop");

    // The server has it a moment after the page counts it (the page counts what waits to be sent too).
    const focusSessions = async () =>
      ((await (await page.request.get(`${server.url}/api/sessions`)).json()) as Array<{ type: string; taskId?: number }>).filter((s) => s.type === "focus");
    await expect.poll(focusSessions).toEqual([expect.objectContaining({ type: "focus", completed: true, duration: 1500, taskId: task?.id })]);
    expect((await listed())[0]).toMatchObject({ actual: 1 });

    await page.getByRole("tab", { name: "Statistics" }).click();
    const card = page.locator("[aria-labelledby='estimates-title']");
    const estimateRow = card.getByTestId("estimate-row");
    await expect.poll(() => estimateRow.count()).toBe(1);
    expect([await estimateRow.getByTestId("estimate-title").innerText(), ...(await estimateRow.locator("td").allInnerTexts())].map((text) => text.trim())).toEqual([
      "Write the project summary",
      "2",
      "1",
      "In progress",
    ]);
    await saveScreenshot(page, "tasks-statistics-desktop");
    await context.close();
  });

  it("keeps a phone's page 390 px wide with a pasted link as a task title and an intention with no spaces", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await registerOverApi(page, server.url, uniqueName("longword"));
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");
    // As long as each field takes: a link with no place to break, a word with none either.
    const link = `https://docs.example.com/document/d/${"1aB2cD3eF4gH5iJ6kL7mN8oP9qR0sT".repeat(4)}`.slice(0, 120);
    const tasks = page.getByRole("form", { name: "Add a task" });
    await tasks.getByLabel("What will you work on?").fill(link);
    await tasks.getByRole("button", { name: "Add task" }).click();
    const row = page.getByTestId("open-task").filter({ hasText: link.slice(0, 30) });
    await row.getByRole("radio").check();
    await page.getByLabel(/What will you do first/).fill("x".repeat(140));
    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await saveScreenshot(page, "tasks-long-words-phone");
    await context.close();
  });

  it("gives every control on /app, /rooms and the settings page a tap target of at least 44 x 44 px on a touch phone", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await registerOverApi(page, server.url, uniqueName("taps"));
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");
    // A task on the list, so its row's controls are measured too.
    const tasks = page.getByRole("form", { name: "Add a task" });
    await tasks.getByLabel("What will you work on?").fill("Outline the talk");
    await tasks.getByRole("button", { name: "Add task" }).click();
    await page.getByTestId("open-task").filter({ hasText: "Outline the talk" }).waitFor();
    const small: Record<string, unknown> = {};
    // Measured once the task is sent (the header's sync badge gone).
    await expect.poll(() => page.getByTestId("connection-status").textContent()).toBe("");
    small["/app"] = await smallTapTargets(page);
    await saveScreenshot(page, "taps-app-phone");
    for (const path of ["/rooms", "/settings"]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("main").waitFor();
      await page.waitForLoadState("networkidle");
      small[path] = await smallTapTargets(page);
      await saveScreenshot(page, `taps${path.replace("/", "-")}-phone`);
    }
    expect(small).toEqual({ "/app": [], "/rooms": [], "/settings": [] });
    await context.close();
  });
});
