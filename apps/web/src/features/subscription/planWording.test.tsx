import { type User } from "@focus/core/schemas";
import { galleryAchievements, headlineAchievements } from "@focus/core/stats";
import { ADMIN_CANCEL_COPY, FREE_BLOCKED_SITES_MESSAGE, FREE_DAILY_LIMIT_MESSAGE, FREE_FEATURES, FREE_TRACKS_MESSAGE, GUEST_INCLUDES, PLAN_ACTIONS, PLAN_CHANGE_COPY, PLAN_PICKER_COPY, PLAN_PRICES, PREMIUM_FEATURES, PRICING_COPY, REGISTRATION_COPY, STATS_COPY, TRIAL_NOTICE_COPY, blocklistAllowance, guestLimitMessage, guestSignupPoints, newAccountTrialText, paymentInfo, paymentRequestNote, premiumWorth, subscriptionCardCopy, type PlanState } from "@focus/core/subscription";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dispatchChangeTab, type AppTab } from "@/lib/events";
import { createQueryClient } from "@/lib/queryClient";
import { TEST_CONFIG, TEST_USER, mockFetch, renderRoute, serveApp } from "@/test/render";
import { PlanSelection } from "./PlanSelection";

vi.mock("@/features/timer/FocusArena", () => ({ FocusArena: () => <p>Focus Arena stub</p> }));

/**
 * One table of plan wording (`docs/product.md`): every plan fact a screen shows is a string of core's
 * table (`subscription/copy.ts`), evaluated for the screen's inputs, so no screen hard-codes one and
 * no two screens disagree. A plan fact is found by what it talks about: a price, a trial, a daily
 * limit, a number of tracks or blocked sites, the statistics' reach, sync, "unlimited".
 */
const PLAN_FACT =
  /\$\d|\d+-day (free )?trial|\d+-day (history|analytics)|free trial|sessions? (a|per) day|unlimited|\d+ (focus |audio )?tracks|up to \d+ (blocked )?websites|\d+ of \d+ blocked|\d+ blocked (web)?sites|statistics of|whole history|analytics|in sync|multi-device/i;

const STATES: PlanState[] = ["premium", "trial", "trialExpired", "cancelled", "free"];

/**
 * The achievements' own words (core's achievement table): tips such as "A single session a day
 * keeps your streak alive." talk about a habit, not a plan, so they are not plan facts.
 */
const NO_PROGRESS = { totalSessions: 0, sessionsToday: 0, sessionsThisWeek: 0, sessionsThisMonth: 0, totalFocusMinutes: 0, currentStreak: 0, longestStreak: 0 };
const ACHIEVEMENT_TEXTS = new Set([...headlineAchievements(NO_PROGRESS), ...galleryAchievements(NO_PROGRESS)].flatMap((a) => [a.title, a.description, a.tip]));

/** Every string core's table gives for this test's server (TEST_CONFIG) and user. */
function tableStrings(username: string): string[] {
  const { trialDays } = TEST_CONFIG;
  const texts: string[] = [
    ...FREE_FEATURES,
    ...PREMIUM_FEATURES,
    ...Object.values(PLAN_PRICES),
    ...Object.values(PRICING_COPY.taglines),
    ...Object.values(PRICING_COPY.actions),
    ...Object.values(PLAN_ACTIONS),
    newAccountTrialText(trialDays),
    REGISTRATION_COPY.tab(trialDays),
    REGISTRATION_COPY.panel(trialDays),
    PLAN_PICKER_COPY.title(trialDays),
    ...Object.values(PLAN_PICKER_COPY.taglines),
    ...guestSignupPoints(trialDays),
    guestLimitMessage(trialDays),
    GUEST_INCLUDES,
    STATS_COPY.freeNote,
    STATS_COPY.premiumHistory,
    ...[false, true, null].map(paymentRequestNote),
    ...paymentInfo(username, false),
    PLAN_PICKER_COPY.continueNote,
    premiumWorth(3),
    FREE_BLOCKED_SITES_MESSAGE,
    FREE_DAILY_LIMIT_MESSAGE,
    FREE_TRACKS_MESSAGE,
    ADMIN_CANCEL_COPY.none,
    ...Object.values(PLAN_CHANGE_COPY).flatMap((notice) => [notice.title, notice.description]),
    ...[1, 2, 3].map((days) => TRIAL_NOTICE_COPY.ending(days).description),
  ];
  for (const state of STATES) {
    const { taglines } = subscriptionCardCopy(state);
    texts.push(taglines.free, taglines.premium, blocklistAllowance(state, 0));
  }
  return texts;
}

/** The plan facts on the page: each text node that talks about a plan, trimmed. */
function planFactsOnPage(): string[] {
  const facts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
    if (text && PLAN_FACT.test(text) && !ACHIEVEMENT_TEXTS.has(text)) facts.push(text);
  }
  return facts;
}

/** Every plan fact on the page is (part of) a string of the table; returns them, for a look at what was checked. */
function expectFactsFromTable(username = TEST_USER.username): string[] {
  const table = tableStrings(username);
  const facts = planFactsOnPage();
  for (const fact of facts) expect(table.some((text) => text.includes(fact)), `"${fact}" is not from the plan wording table`).toBe(true);
  return facts;
}

/** The test's instant, a Wednesday noon: the statistics and the trials are counted from it. */
const NOW = new Date(2026, 10, 25, 12, 0).getTime();
const inTrial: User = { ...TEST_USER, trialEndDate: new Date(NOW + 5 * 86_400_000).toISOString() };
const FREE: User = { ...TEST_USER, trialEndDate: new Date(NOW - 86_400_000).toISOString() };
const PREMIUM: User = { ...TEST_USER, subscriptionPlan: "premium", subscriptionStatus: "active" };
const GUEST_MODE_KEY = "guest-mode";

/** Serves the signed-in app to `user`, with no requests waiting on the team. */
function serve(user: User) {
  serveApp(user, (url) => (url === "/api/subscription" ? { status: 200, body: { upgradeRequestedAt: null, offer: null } } : undefined));
}

/** Opens a tab of /app once the app is there. */
async function openTab(tab: AppTab) {
  await screen.findByText("Focus Arena stub");
  act(() => dispatchChangeTab(tab));
}

/** Opens the Statistics tab and waits for all of it: the tab's code and the sessions load, and the achievements come last. */
async function openStats() {
  await openTab("stats");
  await screen.findByTestId("achievements-tally");
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("every plan fact on screen comes from core's plan wording table", () => {
  it("the landing pricing", async () => {
    mockFetch({ "GET /api/config": { status: 200, body: TEST_CONFIG } });
    renderRoute("/");
    await screen.findByText(newAccountTrialText(TEST_CONFIG.trialDays));
    const features = [...FREE_FEATURES, ...PREMIUM_FEATURES].filter((text) => PLAN_FACT.test(text));
    expect(expectFactsFromTable()).toEqual(expect.arrayContaining([...features, "$0", "$4.99"]));
  });

  it("the registration screen and the guest's way in", async () => {
    mockFetch({ "GET /api/me": { status: 401, body: { message: "Not logged in" } }, "GET /api/config": { status: 200, body: TEST_CONFIG } });
    renderRoute("/auth");
    await screen.findByText(REGISTRATION_COPY.tab(TEST_CONFIG.trialDays));
    expect(expectFactsFromTable()).toContain(REGISTRATION_COPY.panel(TEST_CONFIG.trialDays));
  });

  it("the plan picker after registration", async () => {
    mockFetch({ "GET /api/config": { status: 200, body: TEST_CONFIG } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <PlanSelection user={inTrial} onComplete={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(paymentRequestNote(false));
    expect(expectFactsFromTable()).toContain(PLAN_PICKER_COPY.title(TEST_CONFIG.trialDays));
  });

  it.each([
    ["a trial", inTrial],
    ["Free after the trial", FREE],
    ["Premium", PREMIUM],
  ])("/subscription on %s", async (_name, user) => {
    serve(user);
    renderRoute("/subscription");
    await screen.findByText(paymentInfo(user.username, false)[2]!);
    expect(expectFactsFromTable()).toEqual(expect.arrayContaining([...FREE_FEATURES]));
  });

  it.each([
    ["Free", FREE],
    ["Premium", PREMIUM],
  ])("Settings' subscription card on %s", async (_name, user) => {
    serve(user);
    renderRoute("/settings");
    await screen.findByTestId("plan-badge");
    expectFactsFromTable();
  });

  it("the Statistics and Website Shield tabs on Free", async () => {
    serve(FREE);
    renderRoute("/app");
    await openStats();
    expect(screen.getByTestId("free-history-note")).toBeTruthy();
    expect(expectFactsFromTable()).toEqual(expect.arrayContaining([STATS_COPY.freeNote, STATS_COPY.premiumHistory]));
    await openTab("block");
    await screen.findByText(blocklistAllowance("trialExpired", 0));
    expectFactsFromTable();
  });

  it("the guest's prompts", async () => {
    window.localStorage.setItem(GUEST_MODE_KEY, "1");
    mockFetch({ "GET /api/me": { status: 401, body: { message: "Not logged in" } }, "GET /api/config": { status: 200, body: TEST_CONFIG } });
    renderRoute("/app");
    await screen.findByText(guestSignupPoints(TEST_CONFIG.trialDays)[0]!);
    expect(expectFactsFromTable("Guest")).toEqual(expect.arrayContaining(guestSignupPoints(TEST_CONFIG.trialDays).slice(0, 2)));
    await openStats();
    expectFactsFromTable("Guest");
  });
});
