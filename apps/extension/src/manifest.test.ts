import { EXTENSION_ID, EXTENSION_VERSION, withAppOrigins } from "@focus/core/protocol";
import { describe, expect, it } from "vitest";
import { appConfigFrom } from "./config";
import { appOriginsFrom, buildManifest, DEFAULT_APP_ORIGINS, EXTENSION_PUBLIC_KEY } from "./manifest";

/** Chrome's id of an extension: the key's SHA-256, first 32 hex digits written as a-p. */
async function extensionIdOf(publicKeyBase64: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", der));
  return [...hash.slice(0, 16)].map((byte) => String.fromCharCode(97 + (byte >> 4)) + String.fromCharCode(97 + (byte & 15))).join("");
}

describe("manifest", () => {
  it("has the key whose id the web app addresses", async () => {
    expect(await extensionIdOf(EXTENSION_PUBLIC_KEY)).toBe(EXTENSION_ID);
    expect(EXTENSION_ID).toMatch(/^[a-p]{32}$/);
  });

  it("is MV3, version 1.4.0, with the permissions blocking needs", () => {
    const manifest = buildManifest({ appOrigins: DEFAULT_APP_ORIGINS });
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe(EXTENSION_VERSION);
    expect(EXTENSION_VERSION).toBe("1.4.0");
    expect(manifest.permissions).toEqual(["declarativeNetRequest", "storage", "alarms", "tabs", "webNavigation"]);
    expect(manifest.host_permissions).toContain("<all_urls>");
    expect(manifest.web_accessible_resources[0]?.resources).toContain("blocked/blocked.html");
  });

  it("lets no web page open, frame or detect the blocked page: a dynamic URL only, and no framing of its pages", () => {
    const manifest = buildManifest({ appOrigins: DEFAULT_APP_ORIGINS });
    expect(manifest.web_accessible_resources.every((entry) => entry.use_dynamic_url)).toBe(true);
    expect(manifest.content_security_policy.extension_pages.split(";").map((directive) => directive.trim())).toEqual([
      "script-src 'self'",
      "object-src 'self'",
      "frame-ancestors 'none'",
    ]);
  });

  it("lets only the app's origins talk to it, each on its own port", () => {
    const manifest = buildManifest({ appOrigins: DEFAULT_APP_ORIGINS });
    expect(manifest.externally_connectable.matches).toEqual(["http://localhost:3000/*", "http://127.0.0.1:3000/*"]);
    expect(manifest.host_permissions).toEqual(["http://localhost:3000/*", "http://127.0.0.1:3000/*", "<all_urls>"]);
    expect(buildManifest({ appOrigins: ["https://focus.example.com", "https://focus.example.com:8443"] }).externally_connectable.matches).toEqual([
      "https://focus.example.com:443/*",
      "https://focus.example.com:8443/*",
    ]);
  });

  it("refuses app origins that are no http(s) origin", () => {
    expect(() => buildManifest({ appOrigins: ["https://focus.example.com/app"] })).toThrow("Not an http(s) origin");
    expect(() => buildManifest({ appOrigins: ["http://*.example.com"] })).toThrow("Not an http(s) origin");
    expect(() => buildManifest({ appOrigins: [] })).toThrow();
  });

  it("rewritten for another origin (as the API serves it) is the manifest a build for that origin makes", () => {
    const served = withAppOrigins(buildManifest({ appOrigins: DEFAULT_APP_ORIGINS }), ["https://focus.example.com:8443"]);
    expect(served).toEqual(buildManifest({ appOrigins: ["https://focus.example.com:8443"] }));
    expect(served.key).toBe(EXTENSION_PUBLIC_KEY);
  });
});

describe("appConfigFrom (the app origins the worker reads from its manifest)", () => {
  it("reads the origins of the manifest's externally_connectable, the first being the app the popup opens", () => {
    expect(appConfigFrom(buildManifest({ appOrigins: DEFAULT_APP_ORIGINS }).externally_connectable.matches)).toEqual({
      appOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
      appUrl: "http://localhost:3000",
    });
    const served = withAppOrigins(buildManifest({ appOrigins: DEFAULT_APP_ORIGINS }), ["https://focus.example.com"]);
    expect(appConfigFrom(served.externally_connectable.matches)).toEqual({ appOrigins: ["https://focus.example.com"], appUrl: "https://focus.example.com" });
  });

  it("skips patterns that name no single origin, and falls back to the local app", () => {
    expect(appConfigFrom(["<all_urls>", "http://*.example.com/*", "http://127.0.0.1:4123/*"])).toEqual({
      appOrigins: ["http://127.0.0.1:4123"],
      appUrl: "http://127.0.0.1:4123",
    });
    expect(appConfigFrom([])).toEqual({ appOrigins: [], appUrl: "http://localhost:3000" });
  });
});

describe("appOriginsFrom (FOCUS_APP_ORIGINS)", () => {
  it("defaults to port 3000 on localhost and 127.0.0.1", () => {
    expect(appOriginsFrom(undefined)).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(appOriginsFrom(" , ")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
  });

  it("reads a comma-separated list, normalized and without repeats", () => {
    expect(appOriginsFrom("https://Focus.Example.com:443/, http://127.0.0.1:41234,https://focus.example.com")).toEqual([
      "https://focus.example.com",
      "http://127.0.0.1:41234",
    ]);
    expect(() => appOriginsFrom("https://focus.example.com/app")).toThrow("Not an http(s) origin");
  });
});
