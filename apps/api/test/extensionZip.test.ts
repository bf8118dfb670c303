import { writeFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

/** `GET /focus-extension.zip` (`docs/api.md`). */
describe("extension zip at the site root", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A stand-in for the built package: a manifest for the default origins and one script. */
  const built = zipSync({
    "manifest.json": strToU8(
      JSON.stringify({
        manifest_version: 3,
        key: "KEY",
        host_permissions: ["http://localhost:3000/*", "http://127.0.0.1:3000/*", "<all_urls>"],
        externally_connectable: { matches: ["http://localhost:3000/*", "http://127.0.0.1:3000/*"] },
      }),
    ),
    "background.js": strToU8("console.log('worker');"),
  });

  function appWithZip(env: Record<string, string> = {}) {
    return createTestApp((dir) => {
      const zip = path.join(dir, "focus-extension.zip");
      writeFileSync(zip, built);
      return { EXTENSION_ZIP: zip, ...env };
    });
  }

  function manifestOf(payload: Buffer) {
    const files = unzipSync(new Uint8Array(payload));
    expect(strFromU8(files["background.js"] ?? new Uint8Array())).toBe("console.log('worker');");
    return JSON.parse(strFromU8(files["manifest.json"] ?? new Uint8Array())) as {
      key: string;
      host_permissions: string[];
      externally_connectable: { matches: string[] };
    };
  }

  it("serves the built package as an attachment, to anyone, made for the local address it is downloaded from", async () => {
    t = await appWithZip({ PORT: "4123" });
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host: "127.0.0.1:4123" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="focus-extension.zip"');
    expect(res.headers["cache-control"]).toBe("no-cache");
    const manifest = manifestOf(res.rawPayload);
    expect(manifest.externally_connectable.matches).toEqual(["http://127.0.0.1:4123/*"]);
    expect(manifest.host_permissions).toEqual(["http://127.0.0.1:4123/*", "<all_urls>"]);
    expect(manifest.key).toBe("KEY");

    const again = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host: "127.0.0.1:4123", "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: "HEAD", url: "/focus-extension.zip", headers: { host: "127.0.0.1:4123" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("application/zip");

    // Another name of the same server gets its own package (and its own ETag).
    const other = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host: "localhost:4123" } });
    expect(manifestOf(other.rawPayload).externally_connectable.matches).toEqual(["http://localhost:4123/*"]);
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it("without PUBLIC_ORIGIN, makes no package for a name or port that is not this server's, and says to set PUBLIC_ORIGIN", async () => {
    t = await appWithZip({ PORT: "4123" });
    for (const host of ["focus.example.com", "attacker-1.example", "127.0.0.1:4124", "localhost:80", "10.255.255.254:4123"]) {
      const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message, host).toContain("Set PUBLIC_ORIGIN");
    }
  });

  it("uses PUBLIC_ORIGIN when it is set, whatever the Host", async () => {
    t = await appWithZip({ PUBLIC_ORIGIN: "https://focus.example.com" });
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host: "10.0.0.5:3000" } });
    expect(res.statusCode).toBe(200);
    expect(manifestOf(res.rawPayload).externally_connectable.matches).toEqual(["https://focus.example.com:443/*"]);
  });

  it("refuses, with a message, a Host that is no plain host name", async () => {
    t = await appWithZip();
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { host: "*.example.com" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining("plain host name") });
  });

  it("answers 404 with a message when the extension is not built", async () => {
    t = await createTestApp((dir) => ({ EXTENSION_ZIP: path.join(dir, "missing.zip") }));
    const res = await t.app.inject({ method: "GET", url: "/focus-extension.zip", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringContaining("not built") });
  });
});
