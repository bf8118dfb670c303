import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_TRACKS_MESSAGE, GUEST_TRACKS_MESSAGE } from "@focus/core/subscription";
import { type AudioTestApp, SECRET, createAudioTestApp, patternBytes } from "./audioFixtures";
import { registerUser } from "./helpers";

let t: AudioTestApp;
/** A signed-in user in the trial: every file of the library is theirs to play. */
let trial = "";
beforeAll(async () => {
  t = await createAudioTestApp();
  trial = (await registerUser(t.app)).cookie;
});
afterAll(async () => t.close());

/** Streams a library file as the user in the trial (who may play every file), unless `headers` name another cookie. */
const stream = (pathParam: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  t.app.inject({ method, url: `/api/audio/stream?path=${encodeURIComponent(pathParam)}`, headers: { cookie: trial, ...headers } });

/** Streams a library file as a visitor: no cookie at all (a guest is one too: it exists only in the browser). */
const streamAsVisitor = (pathParam: string) => t.app.inject({ method: "GET", url: `/api/audio/stream?path=${encodeURIComponent(pathParam)}` });

describe("GET /api/audio/stream: whole files", () => {
  it("streams a generated track with its content type, length and Accept-Ranges", async () => {
    const res = await stream("deep-work/steady-beta.mp3");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-length"]).toBe(String(t.generated.length));
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.equals(Buffer.from(t.generated))).toBe(true);
  });

  it.each([
    ["deep-work/My_Focus-Mix.ogg", "audio/ogg"],
    ["deep-work/lecture.m4a", "audio/mp4"],
    ["deep-work/rain.wav", "audio/wav"],
    ["deep-work/album.FLAC", "audio/flac"],
    ["relax/rain-link.wav", "audio/wav"],
  ])("serves %s as %s", async (file, type) => {
    const res = await stream(file, { cookie: trial });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(type);
  });

  it("needs no login and sets no cookie", async () => {
    const res = await streamAsVisitor("deep-work/steady-beta.mp3");
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await stream("deep-work/My_Focus-Mix.ogg", {}, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.body).toBe("");
  });

  it("answers 304 when the client's copy is current", async () => {
    const first = await stream("deep-work/My_Focus-Mix.ogg");
    const res = await stream("deep-work/My_Focus-Mix.ogg", { "if-none-match": String(first.headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe("");
  });

  it("answers 404 JSON for a missing file or a folder", async () => {
    for (const file of ["deep-work/nope.mp3", "nope/steady-beta.mp3", "deep-work/folder.mp3"]) {
      const res = await stream(file);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ message: "Audio file not found" });
    }
  });
});

describe("GET /api/audio/stream: ranges", () => {
  const file = "deep-work/My_Focus-Mix.ogg"; // 1000 pattern bytes
  const bytes = patternBytes(1000);

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, 999],
    ["bytes=-50", 950, 999],
    ["bytes=990-5000", 990, 999],
    ["bytes=-5000", 0, 999],
    ["bytes=999-999", 999, 999],
  ])("answers %s with 206 and exactly those bytes", async (range, start, end) => {
    const res = await stream(file, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers["content-length"]).toBe(String(end - start + 1));
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-type"]).toBe("audio/ogg");
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(["bytes=1000-", "bytes=5000-6000", "bytes=-0"])("answers %s with 416, Content-Range */size and no bytes", async (range) => {
    const res = await stream(file, { range });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe("bytes */1000");
    expect(res.json()).toEqual({ message: "Range Not Satisfiable" });
  });

  it("answers any range of an empty file with 416", async () => {
    const res = await stream("deep-work/empty.mp3", { range: "bytes=0-" });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe("bytes */0");
  });

  it.each(["bytes=abc", "bytes=5-2", "items=0-10", "bytes=0-1,5-6", "bytes=-"])(
    "ignores %s and sends the whole file",
    async (range) => {
      const res = await stream(file, { range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(1000);
    },
  );

  it("honours If-Range: the range for the current version, the whole file for an old one", async () => {
    const etag = String((await stream(file)).headers.etag);
    const current = await stream(file, { range: "bytes=0-9", "if-range": etag });
    expect(current.statusCode).toBe(206);
    const stale = await stream(file, { range: "bytes=0-9", "if-range": '"0-0"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(1000);
  });
});

describe("GET /api/audio/stream: nothing outside AUDIO_DIR", () => {
  /** Every refusal is a 4xx JSON { message } (+ issues for a malformed query), no file bytes. */
  function expectRefused(res: Awaited<ReturnType<typeof stream>>, status: number) {
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(res.body).not.toContain(SECRET);
    expect(res.headers["content-range"]).toBeUndefined();
  }

  it.each([
    ["parent directory", "../secret.mp3"],
    ["parent of a mood", "deep-work/../../secret.mp3"],
    ["dot segment", "deep-work/./steady-beta.mp3"],
    ["bare ..", ".."],
    ["hidden file", "deep-work/.hidden.mp3"],
    ["temporary file", "deep-work/.steady-beta.mp3.1-1.partial"],
    ["double slash", "deep-work//steady-beta.mp3"],
    ["backslashes", "..\\secret.mp3"],
    ["backslash in a name", "deep-work\\..\\..\\secret.mp3"],
    ["NUL byte", "deep-work/steady-beta.mp3\0.txt"],
    ["NUL byte before the extension", "../secret\0.mp3"],
    ["absolute path", "/etc/passwd"],
    ["absolute path to an audio file", "/tmp/secret.mp3"],
    ["Windows drive", "C:/secret.mp3"],
    ["not an audio file", "deep-work/notes.txt"],
    ["no extension", "deep-work"],
    ["empty path", ""],
  ])("refuses a %s with 400", async (_name, file) => {
    expectRefused(await stream(file), 400);
  });

  it.each([
    ["encoded ..", "/api/audio/stream?path=%2e%2e%2fsecret.mp3"],
    ["encoded .. inside", "/api/audio/stream?path=deep-work%2f%2e%2e%2f%2e%2e%2fsecret.mp3"],
    ["upper-case encoding", "/api/audio/stream?path=%2E%2E%2Fsecret.mp3"],
    ["double-encoded ..", "/api/audio/stream?path=%252e%252e%252fsecret.mp3"],
    ["double-encoded slash", "/api/audio/stream?path=..%252fsecret.mp3"],
    ["encoded NUL", "/api/audio/stream?path=deep-work%2fsteady-beta.mp3%00.txt"],
    ["double-encoded NUL", "/api/audio/stream?path=deep-work%2fsteady-beta.mp3%2500"],
    ["encoded backslash", "/api/audio/stream?path=..%5csecret.mp3"],
    ["missing path", "/api/audio/stream"],
    ["two paths", "/api/audio/stream?path=deep-work%2frain.wav&path=..%2fsecret.mp3"],
  ])("refuses %s with 400", async (_name, url) => {
    expectRefused(await t.app.inject({ method: "GET", url }), 400);
  });

  it("refuses a symlinked file that leads outside with 403", async () => {
    expectRefused(await stream("deep-work/escape.mp3"), 403);
  });

  it("refuses a file behind a symlinked folder that leads outside with 403", async () => {
    expectRefused(await stream("deep-work/escape-dir/secret.mp3"), 403);
  });

  it("refuses a symlinked mood folder that leads outside with 403", async () => {
    symlinkSync(path.join(t.dir, "outside"), path.join(t.audioDir, "creative"));
    expectRefused(await stream("creative/secret.mp3"), 403);
    // ...and does not list it either.
    const list = await t.app.inject({ method: "GET", url: "/api/audio/local/list/creative" });
    expect(list.json()).toEqual({ files: [], pending: [] });
  });

  it("refuses traversal even with a Range header", async () => {
    expectRefused(await stream("../secret.mp3", { range: "bytes=0-5" }), 400);
    expectRefused(await stream("deep-work/escape.mp3", { range: "bytes=0-5" }), 403);
  });

  it("serves a file again once it is really inside", async () => {
    mkdirSync(path.join(t.audioDir, "light-work"), { recursive: true });
    writeFileSync(path.join(t.audioDir, "light-work", "inside.mp3"), "inside");
    const res = await stream("light-work/inside.mp3", { cookie: trial });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("inside");
  });
});

describe("GET /api/audio/stream: what each listener's plan includes", () => {
  /** Writes the rest of the Free plan's tracks and one Deep Work track it does not include. */
  beforeAll(() => {
    const deep = path.join(t.audioDir, "deep-work");
    writeFileSync(path.join(deep, "deep-current.mp3"), patternBytes(10));
    writeFileSync(path.join(deep, "flow-state.mp3"), patternBytes(10));
    mkdirSync(path.join(t.audioDir, "light-work"), { recursive: true });
    writeFileSync(path.join(t.audioDir, "light-work", "morning-desk.mp3"), patternBytes(10));
  });

  /** The status of each of these files for a listener. */
  const FILES = ["deep-work/steady-beta.mp3", "deep-work/deep-current.mp3", "deep-work/flow-state.mp3", "deep-work/rain.wav", "light-work/morning-desk.mp3", "relax/rain-link.wav"];
  const statuses = async (send: (file: string) => ReturnType<typeof streamAsVisitor>) =>
    Promise.all(FILES.map(async (file) => [file, (await send(file)).statusCode]));

  it("gives a visitor or guest the Free plan's Deep Work tracks, and says why and how to unlock the rest", async () => {
    expect(await statuses(streamAsVisitor)).toEqual([
      ["deep-work/steady-beta.mp3", 200],
      ["deep-work/deep-current.mp3", 200],
      ["deep-work/flow-state.mp3", 403],
      ["deep-work/rain.wav", 403],
      ["light-work/morning-desk.mp3", 403],
      ["relax/rain-link.wav", 403],
    ]);
    expect((await streamAsVisitor("deep-work/flow-state.mp3")).json()).toEqual({ message: GUEST_TRACKS_MESSAGE });
  });

  it("gives the Free plan its three tracks only, the trial and Premium everything", async () => {
    const { cookie, res } = await registerUser(t.app);
    const id: number = res.json().user.id;
    expect(await statuses((file) => stream(file, { cookie }))).toEqual(FILES.map((file) => [file, 200]));

    await t.app.db.updateTable("users").set({ trial_end_date: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", id).execute();
    expect(await statuses((file) => stream(file, { cookie }))).toEqual([
      ["deep-work/steady-beta.mp3", 200],
      ["deep-work/deep-current.mp3", 200],
      ["deep-work/flow-state.mp3", 403],
      ["deep-work/rain.wav", 403],
      ["light-work/morning-desk.mp3", 200],
      ["relax/rain-link.wav", 403],
    ]);
    expect((await stream("deep-work/flow-state.mp3", { cookie })).json()).toEqual({ message: FREE_TRACKS_MESSAGE });

    await t.app.db.updateTable("users").set({ subscription_plan: "premium", subscription_status: "active" }).where("id", "=", id).execute();
    expect(await statuses((file) => stream(file, { cookie }))).toEqual(FILES.map((file) => [file, 200]));
  });
});
