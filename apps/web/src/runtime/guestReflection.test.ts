import { beforeEach, describe, expect, it } from "vitest";
import { loadGuestSessions, recordGuestSession, reflectGuestSession } from "./guestSessions";

const CLIENT_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

beforeEach(() => window.localStorage.clear());

describe("a guest's reflection", () => {
  it("is kept with the guest's own session in this browser, and a later answer replaces it", () => {
    const now = Date.now();
    recordGuestSession({ startTime: new Date(now - 30 * 60_000).toISOString(), duration: 1500, type: "focus", completed: true, clientId: CLIENT_ID, intention: "Outline" }, undefined, now);
    reflectGuestSession(CLIENT_ID, { outcome: "stuck", rating: 2 });
    expect(loadGuestSessions()[0]).toMatchObject({ intention: "Outline", outcome: "stuck", rating: 2 });
    reflectGuestSession(CLIENT_ID, { outcome: "partly", rating: null });
    expect(loadGuestSessions()[0]).toMatchObject({ outcome: "partly" });
    expect(loadGuestSessions()[0]).not.toHaveProperty("rating");
  });

  it("changes nothing for a session the guest does not have", () => {
    reflectGuestSession(CLIENT_ID, { outcome: "done" });
    expect(loadGuestSessions()).toEqual([]);
  });
});
