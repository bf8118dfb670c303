import { beforeEach, describe, expect, it, vi } from "vitest";

const OFFER = { clientId: "3f1b8c2e-4a5d-4e6f-8a9b-0c1d2e3f4a5b", userId: 4, intention: "Outline", endedAt: Date.now() - 60_000 };

/** The module as a new page load gets it (its memory empty, the browser's storage kept). */
async function freshPage() {
  vi.resetModules();
  return import("./reflection");
}

beforeEach(() => window.localStorage.clear());

describe("the reflection offer across a reload", () => {
  it("is asked again after a reload, for its own user only", async () => {
    (await freshPage()).offerReflection(OFFER);
    const reloaded = await freshPage();
    reloaded.restoreReflection(5);
    expect(reloaded.currentReflection()).toBeNull();
    reloaded.restoreReflection(4);
    expect(reloaded.currentReflection()).toEqual(OFFER);
  });

  it("is gone after a reload once answered or skipped", async () => {
    const page = await freshPage();
    page.offerReflection(OFFER);
    page.clearReflection();
    const reloaded = await freshPage();
    reloaded.restoreReflection(4);
    expect(reloaded.currentReflection()).toBeNull();
  });

  it("is not asked again hours later", async () => {
    (await freshPage()).offerReflection({ ...OFFER, endedAt: Date.now() - 7 * 60 * 60 * 1000 });
    const reloaded = await freshPage();
    reloaded.restoreReflection(4);
    expect(reloaded.currentReflection()).toBeNull();
  });
});
