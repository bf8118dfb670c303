import { STORAGE_KEYS } from "@focus/core/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxSync } from "./outbox/sync";
import { forgetAccountInBrowser } from "./signOut";
import { userKey } from "./userStorage";

beforeEach(() => window.localStorage.clear());

describe("signing out in a shared browser", () => {
  it("forgets the user's timer, counters, settings copy, per-user values and outbox entries, and nothing else", async () => {
    const set = (key: string, value: string) => window.localStorage.setItem(key, value);
    set(STORAGE_KEYS.timerState, "{}");
    set(STORAGE_KEYS.completedSessions, "2");
    set(STORAGE_KEYS.totalFocusTime, "10");
    set(STORAGE_KEYS.totalSessions, "7");
    set(STORAGE_KEYS.lastSessionDate, "2026-11-27");
    set(STORAGE_KEYS.settings, "{}");
    set(userKey(5, "active-task"), "task-1");
    set(userKey(5, "timer-commands"), "[]");
    set(STORAGE_KEYS.theme, "light");
    set("server-clock-offset", "120000");
    await outboxSync.submit(5, { kind: "settings", body: { focusDuration: 30 } }).catch(() => undefined);

    await forgetAccountInBrowser(5);

    expect(Object.keys(window.localStorage).sort()).toEqual(["server-clock-offset", STORAGE_KEYS.theme].sort());
    await outboxSync.setUser(5);
    expect(outboxSync.getState().items).toEqual([]);
  });

  it("keeps the user's own waiting writes when the sign-in ended elsewhere, for their next sign-in here", async () => {
    window.localStorage.setItem(STORAGE_KEYS.timerState, "{}");
    await outboxSync.setUser(null);
    await outboxSync.submit(6, { kind: "settings", body: { focusDuration: 35 } }).catch(() => undefined);
    await forgetAccountInBrowser(6, { keepWaitingWrites: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.timerState)).toBeNull();
    await outboxSync.setUser(6);
    expect(outboxSync.getState().items).toMatchObject([{ kind: "settings", body: { focusDuration: 35 } }]);
    await outboxSync.clearUser(6);
    await outboxSync.setUser(null);
  });

  describe("with a push subscription", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("ends this browser's push subscription, so the next person here starts with the notice off", async () => {
      const unsubscribe = vi.fn(async () => true);
      const registration = { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
      vi.stubGlobal("navigator", { ...navigator, serviceWorker: { getRegistration: async () => registration } });
      await forgetAccountInBrowser(5);
      expect(unsubscribe).toHaveBeenCalledOnce();
    });

    it("signs out all the same when the browser has no service worker registered", async () => {
      vi.stubGlobal("navigator", { ...navigator, serviceWorker: { getRegistration: async () => undefined } });
      window.localStorage.setItem(STORAGE_KEYS.settings, "{}");
      await forgetAccountInBrowser(5);
      expect(window.localStorage.getItem(STORAGE_KEYS.settings)).toBeNull();
    });
  });
});
