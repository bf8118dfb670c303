import { EXTENSION_ID, EXTENSION_VERSION } from "@focus/core";
import { describe, expect, it } from "vitest";
import { buildManifest, DEFAULT_APP_ORIGINS, EXTENSION_PUBLIC_KEY, matchPatternFor } from "./manifest";

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

  it("lets only the app's origins talk to it, on any port", () => {
    const manifest = buildManifest({ appOrigins: DEFAULT_APP_ORIGINS });
    expect(manifest.externally_connectable.matches).toEqual(["http://localhost/*", "http://127.0.0.1/*"]);
    expect(buildManifest({ appOrigins: ["https://focus.example.com", "https://focus.example.com:8443"] }).externally_connectable.matches).toEqual([
      "https://focus.example.com/*",
    ]);
  });

  it("refuses app origins that are no http(s) origin", () => {
    expect(matchPatternFor("http://localhost:3000")).toBe("http://localhost/*");
    expect(() => matchPatternFor("https://focus.example.com/app")).toThrow();
    expect(() => matchPatternFor("chrome-extension://abc")).toThrow();
    expect(() => buildManifest({ appOrigins: [] })).toThrow();
  });
});
