import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

/** `GET /focus-extension.zip` (`docs/api.md`). */
describe("extension zip at the site root", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("serves the built zip as an attachment, to anyone", async () => {
    const bytes = Buffer.from("PK\u0003\u0004 a tiny stand-in for the zip");
    t = await createTestApp((dir) => {
      const zip = path.join(dir, "focus-extension.zip");
      writeFileSync(zip, bytes);
      return { EXTENSION_ZIP: zip };
    });
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="focus-extension.zip"');
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const again = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: "HEAD", url: "/focus-extension.zip" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("application/zip");
  });

  it("answers 404 with a message when the extension is not built", async () => {
    t = await createTestApp((dir) => ({ EXTENSION_ZIP: path.join(dir, "missing.zip") }));
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringContaining("not built") });
  });
});
