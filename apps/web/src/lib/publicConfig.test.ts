import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, serverConfig } from "@/test/render";
import { loadPublicConfig, resetPublicConfig } from "./publicConfig";

afterEach(() => resetPublicConfig());

describe("the server's public configuration", () => {
  it("asks GET /api/config once and shares the answer", async () => {
    const fetchMock = mockFetch(serverConfig({ trialDays: 21, supportEmail: "help@focus.example", paymentConfigured: true }));
    const [first, second] = await Promise.all([loadPublicConfig(), loadPublicConfig()]);
    expect(first).toEqual({ interviewUrl: null, trialDays: 21, supportEmail: "help@focus.example", paymentConfigured: true });
    expect(second).toBe(first);
    expect(await loadPublicConfig()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keeps nothing of a failed request, so the next use asks again", async () => {
    mockFetch({ "GET /api/config": { status: 503, body: { message: "Server is busy" } } });
    expect((await loadPublicConfig()).trialDays).toBeNull();
    mockFetch(serverConfig({ trialDays: 30 }));
    expect((await loadPublicConfig()).trialDays).toBe(30);
  });

  it("takes only well-formed fields: an http(s) link, a whole positive number of days, an address, a boolean", async () => {
    mockFetch(serverConfig({ interviewUrl: "javascript:alert(1)", trialDays: 2.5, supportEmail: "nobody", paymentConfigured: "yes" }));
    expect(await loadPublicConfig()).toEqual({ interviewUrl: null, trialDays: null, supportEmail: null, paymentConfigured: null });
  });
});
