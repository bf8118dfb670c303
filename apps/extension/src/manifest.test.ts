import { EXTENSION_ID, EXTENSION_VERSION } from "@focus/core";
import { describe, expect, it } from "vitest";
import { appOriginsFrom, buildManifest, DEFAULT_APP_ORIGINS, EXTENSION_PUBLIC_KEY, matchPatternFor } from "./manifest";

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
    expect(manifest.permissions).toEqual(["declarativeNetRequest", "storage", "alarms", "tabs"]);
    expect(manifest.host_permissions).toContain("<all_urls>");
    expect(manifest.web_accessible_resources[0]?.resources).toContain("blocked/blocked.html");
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

  it("writes the default port out, since a pattern without a port matches every port", () => {
    expect(matchPatternFor("https://focus.example.com")).toBe("https://focus.example.com:443/*");
    expect(matchPatternFor("http://focus.example.com:80")).toBe("http://focus.example.com:80/*");
    expect(matchPatternFor("HTTP://LOCALHOST:3000/")).toBe("http://localhost:3000/*");
  });

  it("refuses app origins that are no http(s) origin", () => {
    expect(() => matchPatternFor("https://focus.example.com/app")).toThrow();
    expect(() => matchPatternFor("chrome-extension://abc")).toThrow();
    expect(() => matchPatternFor("localhost:3000")).toThrow();
    expect(() => matchPatternFor("not a url")).toThrow();
    expect(() => buildManifest({ appOrigins: [] })).toThrow();
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
