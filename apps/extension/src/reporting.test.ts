import { describe, expect, it } from "vitest";
import { createApiClient } from "./api";
import { renewRedirectKey } from "./redirectKey";
import { reportAttempt } from "./reporting";
import { writeState } from "./storage";
import { FakeApi, FakeChrome } from "./test/fakes";

const AT = "2026-03-02T09:03:00.000Z";

async function setup(options: { paused?: boolean } = {}) {
  const chrome = new FakeChrome();
  const fake = new FakeApi();
  await writeState(chrome, {
    pairing: { token: fake.token, apiOrigin: "http://127.0.0.1:3000", paused: options.paused ?? false },
    blocklist: { entries: ["youtube.com"], fetchedAt: 0 },
  });
  const key = await renewRedirectKey(chrome);
  const settled: string[] = [];
  const deps = {
    chrome,
    api: createApiClient(fake.fetch),
    settle: async (result: { kind: string }) => {
      settled.push(result.kind);
      return result.kind === "ok";
    },
  };
  return { chrome, fake, key, deps, settled };
}

describe("reportAttempt", () => {
  it("sends a keyed attempt for a listed site once per page load, with the device token", async () => {
    const { fake, key, deps } = await setup();
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: true });
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect(fake.callsTo("/api/blocked-attempts")).toHaveLength(1);
    expect(fake.calls.at(-1)).toMatchObject({ body: { domain: "youtube.com", at: AT }, headers: { Authorization: `Bearer ${fake.token}` } });
  });

  it("sends nothing for a site not on the list, a wrong key or a switched-off device", async () => {
    const a = await setup();
    expect(await reportAttempt(a.deps, { domain: "reddit.com", at: AT, key: a.key, documentId: "D1" })).toEqual({ reported: false });
    expect(await reportAttempt(a.deps, { domain: "youtube.com", at: AT, key: "0".repeat(32), documentId: "D2" })).toEqual({ reported: false });
    const b = await setup({ paused: true });
    expect(await reportAttempt(b.deps, { domain: "youtube.com", at: AT, key: b.key, documentId: "D1" })).toEqual({ reported: false });
    expect([...a.fake.calls, ...b.fake.calls]).toHaveLength(0);
  });

  it("hands a refusal of the API to the pairing part (an unlinked device)", async () => {
    const { fake, key, deps, settled } = await setup();
    fake.device = "revoked";
    expect(await reportAttempt(deps, { domain: "youtube.com", at: AT, key, documentId: "D1" })).toEqual({ reported: false });
    expect(settled).toEqual(["unlinked"]);
  });
});
