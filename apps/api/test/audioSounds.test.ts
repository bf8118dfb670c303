import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type AudioTestApp, createAudioTestApp } from "./audioFixtures";

describe("GET /sounds/{name}.mp3", () => {
  let t: AudioTestApp;
  afterEach(async () => t.close());

  it("serves a generated notification sound as audio/mpeg, with ranges", async () => {
    t = await createAudioTestApp();
    const res = await t.app.inject({ method: "GET", url: "/sounds/bell.mp3" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.rawPayload.equals(Buffer.from(t.generated))).toBe(true);
    const part = await t.app.inject({ method: "GET", url: "/sounds/bell.mp3", headers: { range: "bytes=0-3" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(Buffer.from(t.generated.subarray(0, 4)))).toBe(true);
  });

  it("answers 404 JSON for unknown names, even when HTML is accepted", async () => {
    t = await createAudioTestApp();
    for (const url of ["/sounds/none.mp3", "/sounds/horn.mp3", "/sounds/bell.wav", "/sounds/bell", "/sounds/..%2fdeep-work%2fsteady-beta.mp3", "/sounds/"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });

  it("answers 503 with Retry-After while a sound is not rendered yet", async () => {
    t = await createAudioTestApp();
    rmSync(path.join(t.audioDir, "sounds", "bell.mp3"));
    for (const name of ["bell", "chime", "digital", "gentle"]) {
      const res = await t.app.inject({ method: "GET", url: `/sounds/${name}.mp3` });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({ message: "Notification sounds are still being generated" });
    }
  });
});
