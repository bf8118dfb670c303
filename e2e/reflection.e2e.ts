import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { resumeForLastMs } from "./accountTimerHelpers";
import { launchBrowser, registerOverApi, removeDataDir, saveScreenshot, showAppTab, startServer, uniqueName, type RunningServer } from "./harness";

/**
 * Intentions and reflection end to end in Debian Chromium (`docs/product.md`, Intentions,
 * reflection and a break that calls you back): a user names what they will do first, completes a
 * focus session, answers "Stuck" with a focus rating of 2, and finds both in Statistics'
 * "Intentions and how they went". The server keeps the account's timer on its own clock, so the
 * session is made to end a few seconds after its start by pausing it, leaving it 3 s on the server
 * and resuming it after a reload (`resumeForLastMs`), not by letting 25 minutes pass.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe("an intention and how it went", () => {
  it("types an intention, completes a short focus session, answers Stuck with rating 2, and sees it in Statistics", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const username = uniqueName("reflect");
    await registerOverApi(page, server.url, username);
    await expect.poll(() => page.getByTestId("timer-display").textContent()).toBe("25:00");

    const intention = "Outline the first section";
    await page.getByLabel("What will you do first?").fill(intention);
    await saveScreenshot(page, "reflection/arena-intention-desktop");
    await page.getByRole("button", { name: "Start Focus" }).click();
    await expect.poll(() => page.getByTestId("session-intention").textContent()).toContain(intention);

    // 3 s are left of the session; the reloaded page still names the intention, and the card asks
    // once the session is complete.
    await resumeForLastMs(page, server, username, 3000);
    expect(await page.getByTestId("session-intention").textContent()).toContain(intention);
    const card = page.getByTestId("reflection-card");
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain(intention);
    await saveScreenshot(page, "reflection/card-desktop");
    await card.getByRole("button", { name: "Stuck" }).click();
    await card.getByRole("button", { name: "Focus rating 2 of 5" }).click();
    await card.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => card.isVisible()).toBe(false);

    // Stored with the session on the server.
    await expect
      .poll(async () => {
        const sessions = (await (await page.request.get(`${server.url}/api/sessions`)).json()) as Array<{ type: string; intention?: string; outcome?: string; rating?: number }>;
        return sessions.find((s) => s.type === "focus");
      })
      .toMatchObject({ intention, outcome: "stuck", rating: 2 });

    await showAppTab(page, "stats");
    const stats = page.getByTestId("intentions-card");
    await stats.waitFor();
    await expect.poll(() => stats.textContent()).toContain(intention);
    expect(await stats.textContent()).toContain("Stuck");
    expect(await page.getByTestId("stuck-summary").textContent()).toContain("1 session felt stuck this week.");
    await stats.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "reflection/stats-desktop");
    await context.close();
  });
});
