/**
 * Compressed answers: the build's precompressed files are sent as they are, API answers of
 * 1 KiB or more are compressed on the fly, and audio (ranges included) is never touched.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { COMPRESS_THRESHOLD_BYTES } from "../src/plugins/compression";
import { createAudioTestApp, patternBytes } from "./audioFixtures";
import { createTestApp, registerUser, type TestApp } from "./helpers";

const SCRIPT = `export const words = ${JSON.stringify("focus ".repeat(2000))};\n`;
const PAGE = `<!doctype html><title>Focus</title><p>${"calm ".repeat(400)}</p>`;

/** A fake build: one script and index.html, each with its .br and .gz twins as the web build writes them. */
function fakeBuild(dir: string): string {
  const webDist = path.join(dir, "web");
  mkdirSync(path.join(webDist, "assets"), { recursive: true });
  for (const [file, text] of [["assets/entry-1234.js", SCRIPT], ["index.html", PAGE]] as const) {
    writeFileSync(path.join(webDist, file), text);
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
  }
  return webDist;
}

describe("compressed answers", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("sends a precompressed script as brotli or gzip, as the client accepts, and plain to a client that accepts neither", async () => {
    t = await createTestApp((dir) => ({ WEB_DIST: fakeBuild(dir) }));
    const url = "/assets/entry-1234.js";
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    // A hashed file is never revalidated: no validators or range header to pay for on each of them.
    expect(br.headers.etag).toBeUndefined();
    expect(br.headers["last-modified"]).toBeUndefined();
    expect(br.headers["accept-ranges"]).toBeUndefined();

    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("sends the app's page (the SPA fallback) precompressed too", async () => {
    t = await createTestApp((dir) => ({ WEB_DIST: fakeBuild(dir) }));
    const res = await t.app.inject({ method: "GET", url: "/app", headers: { accept: "text/html", "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    // The page is revalidated on every visit, so it keeps its validator.
    const direct = await t.app.inject({ method: "GET", url: "/index.html", headers: { "accept-encoding": "br" } });
    expect(direct.headers.etag).toBeDefined();
  });

  it("compresses an API answer of 1 KiB or more and leaves a small one plain", async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const tasks = Array.from({ length: 12 }, (_, i) => `Write the chapter ${i} introduction and its summary`);
    for (const title of tasks) {
      const created = await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { clientId: randomUUID(), title, estimate: 1 } });
      expect(created.statusCode, created.body).toBe(201);
    }
    const list = await t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie, "accept-encoding": "br" } });
    const body = brotliDecompressSync(list.rawPayload).toString();
    expect(Buffer.byteLength(body)).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES);
    expect(list.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(body)).toHaveLength(12);

    const small = await t.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ status: "ok" });
  });

  it("never inflates a compressed request body", async () => {
    t = await createTestApp();
    const payload = gzipSync(JSON.stringify({ username: "someone", password: "a-long-password" }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it("sends audio, whole or a range, exactly as stored, to a client that accepts brotli", async () => {
    const audio = await createAudioTestApp();
    t = audio;
    const { cookie } = await registerUser(audio.app);
    const url = `/api/audio/stream?path=${encodeURIComponent("deep-work/My_Focus-Mix.ogg")}`;
    const headers = { cookie, "accept-encoding": "br, gzip" };
    const whole = await audio.app.inject({ method: "GET", url, headers });
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(patternBytes(1000))).toBe(true);
    const range = await audio.app.inject({ method: "GET", url, headers: { ...headers, range: "bytes=100-199" } });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.rawPayload.equals(patternBytes(1000).subarray(100, 200))).toBe(true);
  });
});
