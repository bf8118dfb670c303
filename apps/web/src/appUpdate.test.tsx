import type { User } from "@focus/core/schemas";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { createQueryClient } from "@/lib/queryClient";
import { TEST_USER, serveApp } from "@/test/render";

/**
 * App updates, applied without breaking a running timer (`docs/offline.md`): a new service worker
 * version is offered in the prompt and waits for the user; it is never applied by itself, and the
 * timer that runs when the user accepts carries on after the reload.
 */

type RegisterOptions = { onNeedRefresh?: () => void };
const registration = vi.hoisted(() => ({
  options: undefined as RegisterOptions | undefined,
  updateSW: undefined as unknown as Mock<(reloadPage?: boolean) => Promise<void>>,
}));
vi.mock("virtual:pwa-register", () => ({
  registerSW: (options: RegisterOptions) => {
    registration.options = options;
    return registration.updateSW;
  },
}));

/** The test's instant, a Sunday noon: the clock stands still until a test moves it. */
const NOON = new Date(2026, 10, 22, 12, 0);
const user: User = { ...TEST_USER, trialEndDate: new Date(NOON.getTime() + 7 * 86_400_000).toISOString() };


/**
 * Fresh modules for each test: the update state is one per page load, as in the browser.
 * React and the other packages stay the same instances (they are not reloaded).
 */
async function loadPage() {
  vi.resetModules();
  const [{ appUpdate }, { registerServiceWorker }, { UpdatePrompt }, { appRoutes }] = await Promise.all([
    import("@/features/offline/appUpdate"),
    import("@/features/offline/pwa"),
    import("@/features/offline/UpdatePrompt"),
    import("@/AppRoutes"),
  ]);
  const show = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ["/app"] })} />
        <UpdatePrompt />
      </QueryClientProvider>,
    );
  return { appUpdate, registerServiceWorker, show };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON);
  registration.options = undefined;
  registration.updateSW = vi.fn(async () => undefined);
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { controller: {}, addEventListener: vi.fn() } });
  serveApp(user);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("app updates", () => {
  it("offers a waiting version to the user and applies it only when the user presses Reload", async () => {
    const { appUpdate, registerServiceWorker, show } = await loadPage();
    registerServiceWorker();
    show();
    expect(screen.queryByRole("heading", { name: "New version available — reload" })).toBeNull();

    registration.options?.onNeedRefresh?.();
    expect(await screen.findByRole("heading", { name: "New version available — reload" })).toBeTruthy();
    expect(screen.getByText("Reload to start using it. Nothing you did is lost.")).toBeTruthy();
    expect(appUpdate.getState().waiting).toBe(true);
    expect(registration.updateSW).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    // `updateSW(true)`: the waiting worker takes over and the page reloads.
    expect(registration.updateSW).toHaveBeenCalledTimes(1);
    expect(registration.updateSW).toHaveBeenCalledWith(true);
    expect((screen.getByRole("button", { name: "Reload" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the update off with Later, without applying it", async () => {
    const { registerServiceWorker, show } = await loadPage();
    registerServiceWorker();
    show();
    registration.options?.onNeedRefresh?.();
    await userEvent.click(await screen.findByRole("button", { name: "Later" }));
    expect(screen.queryByRole("heading", { name: "New version available — reload" })).toBeNull();
    expect(registration.updateSW).not.toHaveBeenCalled();
  });

  it("leaves a running timer alone while the update waits, and the timer carries on after the reload", async () => {
    const first = await loadPage();
    first.registerServiceWorker();
    const page = first.show();
    await userEvent.click(await screen.findByRole("button", { name: "Start Focus" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeTruthy();

    registration.options?.onNeedRefresh?.();
    expect(await screen.findByText("Reload when it suits you: your running timer carries on after the reload.")).toBeTruthy();
    // A while later the update still waits and the timer still runs.
    vi.setSystemTime(Date.now() + 60_000);
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("24:00"));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(registration.updateSW).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(registration.updateSW).toHaveBeenCalledWith(true);

    // The reload: a new page of the new version, 30 s later; the timer goes on where it was.
    page.unmount();
    vi.setSystemTime(Date.now() + 30_000);
    const second = await loadPage();
    second.show();
    await waitFor(() => expect(screen.getByTestId("timer-display").textContent).toBe("23:30"));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "New version available — reload" })).toBeNull();
  });
});
