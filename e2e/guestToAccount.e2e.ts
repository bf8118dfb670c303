import { describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { resumeForLastMs } from "./accountTimerHelpers";
import { closeToasts, registerOverApi, saveScreenshot, uniqueName, type RunningServer } from "./harness";
import { serverAndBrowserPerFile } from "./serverAndBrowser";

/**
 * Guests and shared browsers, end to end in Debian Chromium (`docs/product.md`, Guests, and one
 * browser for several people): a guest's session and task move into the account they create, and
 * after a user signs out, a guest on the same browser starts clean.
 */
let server: RunningServer;
let browser: Browser;

serverAndBrowserPerFile((started) => ({ server, browser } = started));

/** The "actual / estimate" a user sees in `within`. */
const count = (within: Locator) => within.getByTestId("task-count").locator("span[aria-hidden]").innerText();

/** Adds a task estimated at 2 sessions and picks it. */
async function addAndPickTask(page: Page, title: string) {
  const form = page.getByRole("form", { name: "Add a task" });
  await form.getByLabel("What will you work on?").fill(title);
  await form.getByRole("button", { name: "One session more" }).click();
  await form.getByRole("button", { name: "Add task" }).click();
  const row = page.getByTestId("open-task").filter({ hasText: title });
  await row.getByRole("radio", { name: title }).check();
  await expect.poll(() => page.getByTestId("working-on").innerText()).toContain(`Working on: ${title}`);
  return row;
}

describe("guests and shared browsers", () => {
  it("keeps a guest's session and task in the account they create", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A guest's timer runs in the browser alone, so the page's own clock may run it to its end:
    // from a mid-morning of this test's choosing, so the session and "today" share a day whatever
    // the hour the test runs.
    await page.clock.install({ time: new Date("2026-03-10T10:00:00") });
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL(`${server.url}/app`);
    const row = await addAndPickTask(page, "Draft the outline");
    await page.getByRole("button", { name: "Start Focus" }).click();
    await page.clock.fastForward("25:00");
    await page.clock.runFor(2000);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("1");
    await expect.poll(() => count(row)).toBe("1 / 2");

    await page.getByRole("link", { name: "Join" }).click();
    await page.waitForURL(/\/auth/);
    const keep = page.getByRole("checkbox", { name: /Keep your 1 session and 1 task\?/ });
    await expect.poll(() => keep.isChecked()).toBe(true);
    await saveScreenshot(page, "guest-keep-work-desktop");
    const username = uniqueName("kept");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("calm-focus-42");
    await page.getByLabel("Confirm Password").fill("calm-focus-42");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Continue with my trial" }).click();
    await page.waitForURL(`${server.url}/app`);

    await expect.poll(() => page.getByText("Your guest work is in your account").isVisible(), { timeout: 30_000 }).toBe(true);
    const tasks = (await (await page.request.get(`${server.url}/api/tasks`)).json()) as { id: number; title: string; estimate: number; actual: number }[];
    expect(tasks.map((t) => [t.title, t.estimate, t.actual])).toEqual([["Draft the outline", 2, 1]]);
    const sessions = (await (await page.request.get(`${server.url}/api/sessions`)).json()) as { type: string; completed: boolean; duration: number; taskId?: number }[];
    expect(sessions.filter((s) => s.type === "focus")).toEqual([expect.objectContaining({ completed: true, duration: 1500, taskId: tasks[0]?.id })]);
    // The guest's copy is gone from the browser.
    expect(await page.evaluate(() => [localStorage.getItem("guest-sessions"), localStorage.getItem("guest-tasks")])).toEqual([null, null]);
    await context.close();
  });

  it("shows a guest on the same browser none of the previous user's numbers after they sign out", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const username = uniqueName("shared");
    await registerOverApi(page, server.url, username);
    await addAndPickTask(page, "My private task");
    await page.getByRole("button", { name: "Start Focus" }).click();
    await page.getByRole("button", { name: "Pause" }).waitFor();
    await resumeForLastMs(page, server, username, 3000);
    await expect.poll(() => page.getByTestId("today-sessions").textContent(), { timeout: 20_000 }).toBe("1");
    // The server has answered every timer command of this browser (none waits in it) before the
    // sign-out: a command still unanswered then was left behind in the browser (seen under load).
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("focus:u:") && key.endsWith(":timer-commands"))))
      .toEqual([]);

    // On a phone a toast sits over the header: closed first, as a user would (again if another came).
    await expect
      .poll(async () => {
        await closeToasts(page);
        return page.getByRole("button", { name: "Logout" }).click({ timeout: 2000 }).then(() => true, () => false);
      })
      .toBe(true);
    await expect.poll(() => page.getByText("You have been successfully logged out.").isVisible()).toBe(true);
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await page.waitForURL(`${server.url}/app`);
    await expect.poll(() => page.getByText("Guest Session").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("today-sessions").textContent()).toBe("0");
    await expect.poll(() => page.getByTestId("today-minutes").textContent()).toBe("0");
    expect(await page.getByTestId("timer-display").textContent()).toBe("25:00");
    expect(await page.getByText("My private task").count()).toBe(0);
    expect(await page.getByTestId("working-on").count()).toBe(0);
    // Nothing of the user is left in the browser: the guest's own counters start at zero.
    const stored = await page.evaluate(() => ({
      userValues: Object.keys(localStorage).filter((key) => key.startsWith("focus:u:") && !key.startsWith("focus:u:0:")),
      owner: localStorage.getItem("timer-owner"),
      sessionsToday: localStorage.getItem("completed-sessions"),
      settings: localStorage.getItem("settings"),
    }));
    expect(stored).toEqual({ userValues: [], owner: "0", sessionsToday: "0", settings: null });
    await saveScreenshot(page, "guest-after-signout-phone");
    await context.close();
  });
});
