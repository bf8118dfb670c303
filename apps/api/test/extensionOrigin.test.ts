/**
 * Only our extension's origin (`chrome-extension://<EXTENSION_ID>`) may use a device token from
 * an extension page (`docs/api.md`, Origin): another installed extension that got hold of a token
 * is refused on state-changing calls like any foreign origin.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isExtensionOrigin } from "../src/plugins/originCheck";
import { createTestApp, registerUser, type TestApp } from "./helpers";
import { EXTENSION_ORIGIN, OTHER_EXTENSION_ORIGIN } from "./liveHelpers";

describe("extension origin", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** A user with a paired device: the session cookie and the device token. */
  async function paired(): Promise<{ cookie: string; token: string }> {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/linked-devices", headers: { cookie }, payload: { name: "Chrome" } });
    expect(res.statusCode).toBe(201);
    return { cookie, token: res.json().token };
  }

  const reportAttempt = (token: string, origin: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/blocked-attempts",
      headers: { authorization: `Bearer ${token}`, origin, "sec-fetch-site": "cross-site" },
      payload: { domain: "reddit.com", at: new Date().toISOString() },
    });

  it("lets a device-token call from our extension through", async () => {
    t = await createTestApp();
    const { token } = await paired();
    expect((await reportAttempt(token, EXTENSION_ORIGIN)).statusCode).toBe(201);
  });

  it("refuses the same call from another extension's origin with 403", async () => {
    t = await createTestApp();
    const { cookie, token } = await paired();
    for (const origin of [OTHER_EXTENSION_ORIGIN, EXTENSION_ORIGIN.toUpperCase(), `${EXTENSION_ORIGIN}/`]) {
      const res = await reportAttempt(token, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toMatch(/^(This page was opened at .+, but Focus Flow runs at http:\/\/localhost:80\. Open http:\/\/localhost:80 instead|This request did not come from a Focus Flow page\. Open http:\/\/localhost:80 and try again)\.$/);
    }
    // Nothing was recorded.
    const summary = await t.app.inject({ method: "GET", url: "/api/blocked-attempts/summary", headers: { cookie } });
    expect(summary.json().perSite).toEqual([]);
  });

  it("recognises our extension's id and no other", () => {
    expect(isExtensionOrigin(EXTENSION_ORIGIN)).toBe(true);
    expect(isExtensionOrigin(OTHER_EXTENSION_ORIGIN)).toBe(false);
    expect(isExtensionOrigin(`${EXTENSION_ORIGIN}.evil.example`)).toBe(false);
    expect(isExtensionOrigin(undefined)).toBe(false);
  });
});
