import { describe, expect, it } from "vitest";
import { appMatchPatterns, appOriginOfMatchPattern, matchPatternFor, normalizeAppOrigin, strictAppOrigin, withAppOrigins } from "./extensionOrigins";

describe("strictAppOrigin", () => {
  it("takes http(s)://host[:port] and writes it as a browser does", () => {
    expect(strictAppOrigin("http://127.0.0.1:4123")).toBe("http://127.0.0.1:4123");
    expect(strictAppOrigin("HTTPS://Focus.Example.com:443")).toBe("https://focus.example.com");
    expect(strictAppOrigin("http://localhost")).toBe("http://localhost");
    expect(strictAppOrigin("https://a-b.example:8443")).toBe("https://a-b.example:8443");
    expect(strictAppOrigin("http://example.com:0080")).toBe("http://example.com");
    expect(strictAppOrigin("http://xn--bcher-kva.example")).toBe("http://xn--bcher-kva.example");
    expect(strictAppOrigin("http://10.0.0.255:8080")).toBe("http://10.0.0.255:8080");
  });

  it("refuses anything else", () => {
    for (const value of [
      "ftp://example.com",
      "http://",
      "http://example.com/",
      "http://example.com/app",
      "http://example.com?x",
      "http://example.com#x",
      "http://user@example.com",
      "http://*.example.com",
      "http://example.com:0",
      "http://example.com:65536",
      "http://example.com:",
      "http://[::1]:3000",
      "http://ex%41mple.com",
      "http://exa_mple.com",
      "http://-example.com",
      "http://example.com.",
      "http://example..com",
      "http://1.2.3",
      "http://0x7f.1",
      "http://0x7f.0.0.1",
      "http://256.0.0.1",
      "http://01.2.3.4",
      "http://1.2.3.4.5",
      "http://a.0x",
      "http://example.123",
      "http://bücher.example",
      "http://example.com:80 ",
      `http://${"a".repeat(64)}.example`,
      `http://${Array.from({ length: 60 }, () => "abcd").join(".")}`,
    ]) {
      expect(strictAppOrigin(value), value).toBeNull();
    }
  });
});

describe("normalizeAppOrigin and matchPatternFor", () => {
  it("normalizes what people type", () => {
    expect(normalizeAppOrigin("HTTP://LOCALHOST:3000/")).toBe("http://localhost:3000");
    expect(normalizeAppOrigin("https://focus.example.com:443")).toBe("https://focus.example.com");
  });

  it("writes the default port out, since a pattern without a port matches every port", () => {
    expect(matchPatternFor("https://focus.example.com")).toBe("https://focus.example.com:443/*");
    expect(matchPatternFor("http://focus.example.com:80")).toBe("http://focus.example.com:80/*");
    expect(matchPatternFor("HTTP://LOCALHOST:3000/")).toBe("http://localhost:3000/*");
  });

  it("refuses app origins that are no http(s) origin", () => {
    for (const value of ["https://focus.example.com/app", "chrome-extension://abc", "localhost:3000", "not a url", "http://*.example.com", "http://[::1]:3000", "http://u:p@example.com"]) {
      expect(() => matchPatternFor(value), value).toThrow("Not an http(s) origin");
    }
    expect(() => appMatchPatterns([])).toThrow();
  });

  it("reads an origin back from its pattern, and nothing from other patterns", () => {
    expect(appOriginOfMatchPattern("https://focus.example.com:443/*")).toBe("https://focus.example.com");
    expect(appOriginOfMatchPattern("http://127.0.0.1:4123/*")).toBe("http://127.0.0.1:4123");
    for (const pattern of ["<all_urls>", "*://*/*", "http://*.example.com/*", "http://example.com/app/*", "http://example.com/"]) {
      expect(appOriginOfMatchPattern(pattern), pattern).toBeNull();
    }
  });
});

describe("withAppOrigins", () => {
  const manifest = {
    key: "KEY",
    host_permissions: ["http://localhost:3000/*", "http://127.0.0.1:3000/*", "<all_urls>"],
    externally_connectable: { matches: ["http://localhost:3000/*", "http://127.0.0.1:3000/*"] },
    permissions: ["storage"],
  };

  it("replaces the app's patterns and keeps everything else", () => {
    const made = withAppOrigins(manifest, ["https://focus.example.com"]);
    expect(made).toEqual({
      key: "KEY",
      host_permissions: ["https://focus.example.com:443/*", "<all_urls>"],
      externally_connectable: { matches: ["https://focus.example.com:443/*"] },
      permissions: ["storage"],
    });
    expect(manifest.externally_connectable.matches).toHaveLength(2);
    expect(withAppOrigins(made, ["http://localhost:3000", "http://127.0.0.1:3000"])).toEqual(manifest);
  });

  it("refuses a bad origin", () => {
    expect(() => withAppOrigins(manifest, ["http://*.example.com"])).toThrow();
    expect(() => withAppOrigins(manifest, [])).toThrow();
  });
});
