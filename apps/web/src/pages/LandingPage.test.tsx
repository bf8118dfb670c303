import { audioMoodById } from "@focus/core/audio";
import { FREE_FEATURES, PREMIUM_FEATURES } from "@focus/core/subscription";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoute, serverConfig } from "@/test/render";
import { acceptStartFromAddress } from "@/features/landing/StartFocusingLink";

beforeEach(() => window.localStorage.clear());

describe("landing page /", () => {
  it("leads to /app from the hero and several calls to action, without loading the session", async () => {
    const fetchMock = mockFetch({});
    renderRoute("/");
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    const starts = screen.getAllByRole("link", { name: /Start Focusing Now/ });
    expect(starts.length).toBeGreaterThanOrEqual(2);
    // Its address asks /app to start: a tap before the page's script runs does the same (`acceptStartFromAddress`).
    for (const link of starts) expect(link.getAttribute("href")).toBe("/app?start=focus");
    expect(screen.getByRole("link", { name: "Start Free Trial" }).getAttribute("href")).toBe("/app");
    // Only the public configuration (the trial length, the interview promo's link), never the session.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== "/api/config")).toEqual([]);
  });

  it("makes 'Start Focusing Now' one tap to a running session: a visitor becomes a guest and the Arena is asked to start", async () => {
    mockFetch({});
    renderRoute("/");
    await userEvent.click((await screen.findAllByRole("link", { name: /Start Focusing Now/ }))[0] as HTMLElement);
    expect(window.localStorage.getItem("guest-mode")).toBe("1");
    expect(window.sessionStorage.getItem("focus:start-on-arrival")).not.toBeNull();
  });

  it("takes up /app?start=focus as the page opens, as the tap would, and leaves /app in the address", () => {
    window.sessionStorage.clear();
    window.localStorage.removeItem("guest-mode");
    window.history.pushState(null, "", "/app?start=focus");
    acceptStartFromAddress();
    expect(window.location.pathname + window.location.search).toBe("/app");
    expect(window.localStorage.getItem("guest-mode")).toBe("1");
    expect(window.sessionStorage.getItem("focus:start-on-arrival")).not.toBeNull();
    // Another address is left alone.
    window.sessionStorage.clear();
    window.history.pushState(null, "", "/app?start=later");
    acceptStartFromAddress();
    expect(window.location.search).toBe("?start=later");
    expect(window.sessionStorage.getItem("focus:start-on-arrival")).toBeNull();
    window.history.pushState(null, "", "/");
  });

  it("lets 'Start Focusing Now' open a signed-in user's own timer as it is", async () => {
    window.localStorage.setItem("focus:signed-in-here", "7");
    window.sessionStorage.clear();
    mockFetch({});
    renderRoute("/");
    await userEvent.click((await screen.findAllByRole("link", { name: /Start Focusing Now/ }))[0] as HTMLElement);
    expect(window.localStorage.getItem("guest-mode")).toBeNull();
    expect(window.sessionStorage.getItem("focus:start-on-arrival")).toBeNull();
  });

  it("offers 'Try it without an account' beside the sign-up, which opens the app as a guest", async () => {
    mockFetch({});
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, "location", { configurable: true, value: { ...original, assign } });
    try {
      renderRoute("/");
      await userEvent.click(await screen.findByRole("button", { name: "Try it without an account" }));
      expect(window.localStorage.getItem("guest-mode")).toBe("1");
      expect(assign).toHaveBeenCalledWith("/app");
    } finally {
      Object.defineProperty(window, "location", { configurable: true, value: original });
    }
  });

  it("has the demo card, the four audio moods, How It Works, the ADHD section, stories and the claims", async () => {
    mockFetch({});
    renderRoute("/");
    expect(await screen.findByRole("img", { name: "Beta wave at 16 Hz, the pulse of Deep Work" })).toBeTruthy();
    // The same rate the Deep Work tracks pulse at.
    expect(screen.getByText("Beta · 16 Hz")).toBeTruthy();
    expect(audioMoodById("deep-work")?.modulation.rateHz).toBe(16);
    for (const name of ["Deep Work", "Light Work", "Creative", "Relax"]) {
      expect(screen.getByRole("heading", { level: 3, name })).toBeTruthy();
    }
    expect(screen.getByRole("heading", { name: "How It Works" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").filter((li) => li.closest("#how-it-works")).length).toBe(3);
    expect(screen.getByRole("heading", { name: "Built for brains that wander" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "People who found their focus" })).toBeTruthy();
    expect(screen.getByText("8 sites blocked")).toBeTruthy();
    expect(screen.getAllByText("Up to 3x productivity increase").length).toBeGreaterThan(0);
    expect(screen.getByText("75 hours")).toBeTruthy();
    expect(screen.getAllByText("40%").length).toBeGreaterThan(0);
  });

  it("prices Free at $0 and Premium at $4.99 a month from the plan wording table, and names the server's trial once, for every new account", async () => {
    mockFetch(serverConfig({ trialDays: 21 }));
    renderRoute("/");
    const pricing = (await screen.findByRole("heading", { name: "Simple pricing" })).closest("section") as HTMLElement;
    const plan = (name: string) => within(pricing).getByRole("heading", { level: 3, name }).closest("li") as HTMLElement;
    for (const text of ["$0", ...FREE_FEATURES]) expect(plan("Free").textContent).toContain(text);
    for (const text of ["$4.99", ...PREMIUM_FEATURES]) expect(plan("Premium").textContent).toContain(text);
    // Free's limits as the product states them, and sync on both plans.
    expect(within(plan("Free")).getByText("2 focus sessions a day")).toBeTruthy();
    expect(within(plan("Free")).getByText("Your timer in sync on all your devices")).toBeTruthy();
    expect(within(plan("Premium")).getByText("Statistics of your whole history")).toBeTruthy();
    // The trial is not a plan's: said once, with the server's length.
    expect(await within(pricing).findByText("Every new account starts with a 21-day free trial of everything in Premium. No credit card required.")).toBeTruthy();
    expect(within(pricing).getAllByText(/free trial/)).toHaveLength(1);
    expect(pricing.textContent).not.toMatch(/Basic timer|30-day analytics|\b(7|14)-day free trial/);
  });

  it("has a footer whose every link leads somewhere real: its sections, Contact, the Privacy Policy and the Terms of Service", async () => {
    mockFetch(serverConfig({ supportEmail: "help@focusflow.test" }));
    renderRoute("/");
    const footer = await screen.findByRole("navigation", { name: "Footer" });
    await waitFor(() => expect(within(footer).getByRole("link", { name: "Contact" })).toBeTruthy());
    const links = within(footer).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["About", "#about"],
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Contact", "mailto:help@focusflow.test"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
    ]);
    for (const [, href] of links) {
      if (href?.startsWith("#")) expect(document.getElementById(href.slice(1))).not.toBeNull();
    }
    await userEvent.setup().click(within(footer).getByRole("link", { name: "Privacy Policy" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
  });

  it("remembers that the interview promo was dismissed", async () => {
    mockFetch(serverConfig());
    const first = renderRoute("/");
    expect(await screen.findByRole("heading", { name: "Get 3 months of Premium free" })).toBeTruthy();
    expect(screen.getByText(/15-minute video interview/).textContent).toContain("$14.97");
    const book = screen.getByRole("link", { name: /Book your interview/ });
    expect(book.getAttribute("href")).toMatch(/^(https?:|mailto:)/);

    await userEvent.click(screen.getByRole("button", { name: "Dismiss the interview offer" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Get 3 months of Premium free" })).toBeNull());
    expect(window.localStorage.getItem("calendly-interview-dismissed")).toBe("true");

    first.unmount();
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("heading", { name: "Get 3 months of Premium free" })).toBeNull();
  });
});
