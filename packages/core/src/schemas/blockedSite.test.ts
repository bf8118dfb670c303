import { describe, expect, it } from "vitest";
import {
  BLOCKED_SITE_MESSAGES,
  addWebsiteFormSchema,
  blockedSiteInputSchema,
  blockedSiteListSchema,
  isValidDomain,
  linkedDeviceListSchema,
  linkedDeviceUpdateSchema,
  normalizeWebsiteHost,
} from "./blockedSite";

const parse = (url: string) => addWebsiteFormSchema.safeParse({ url });
const messages = (url: string) => parse(url).error?.issues.map((i) => i.message) ?? [];

describe("normalizeWebsiteHost", () => {
  it.each([
    ["https://www.YouTube.com/watch?v=1", "youtube.com"],
    ["  reddit.com  ", "reddit.com"],
    ["news.ycombinator.com/item?id=1", "news.ycombinator.com"],
    ["http://user:pw@twitter.com:8080/home#top", "twitter.com"],
    ["WWW.Example.co.uk.", "example.co.uk"],
    ["www.com", "www.com"],
    ["Reddit.com:443", "reddit.com"],
  ])("%s → %s", (input, host) => {
    expect(normalizeWebsiteHost(input)).toBe(host);
  });

  it("gives back what is no URL at all, trimmed and lower-cased", () => {
    expect(normalizeWebsiteHost("  Not A Site ")).toBe("not a site");
    expect(normalizeWebsiteHost("")).toBe("");
  });
});

describe("isValidDomain", () => {
  it("accepts dot-separated labels ending in a top-level part of 2+ letters", () => {
    for (const host of ["example.com", "a.io", "my-site.co.uk", "x1.y2.example.travel", "xn--bcher-kva.de", `${"a".repeat(63)}.com`]) {
      expect(isValidDomain(host), host).toBe(true);
    }
  });

  it("refuses single labels, IP addresses, bad hyphens, long labels and short or numeric TLDs", () => {
    for (const host of [
      "localhost",
      "192.168.0.1",
      "-example.com",
      "example-.com",
      "exa_mple.com",
      `${"a".repeat(64)}.com`,
      "example.c",
      "example.c0m",
      "example..com",
      ".example.com",
      "*.example.com",
      "bücher.de",
    ]) {
      expect(isValidDomain(host), host).toBe(false);
    }
  });
});

describe("addWebsiteFormSchema messages", () => {
  it("says 'URL is required' for an empty or blank field", () => {
    expect(messages("")).toEqual([BLOCKED_SITE_MESSAGES.required]);
    expect(messages("   ")).toEqual(["URL is required"]);
  });

  it("says 'Invalid URL format (e.g., example.com)' for anything that is no domain", () => {
    for (const url of ["youtube", "not a site", "192.168.0.1/files", "-bad-.com", "user@reddit.com"]) {
      expect(messages(url), url).toEqual(["Invalid URL format (e.g., example.com)"]);
    }
  });

  it("keeps a typed path instead of cutting it to its domain", () => {
    expect(parse("www.YouTube.com/shorts/").data).toEqual({ url: "youtube.com/shorts" });
  });
});

describe("API shapes", () => {
  it("defaults active to true on creation and normalises the url", () => {
    expect(blockedSiteInputSchema.parse({ url: "Reddit.com/r/all" })).toEqual({ url: "reddit.com/r/all", active: true });
    expect(blockedSiteInputSchema.safeParse({ url: "nope", active: true }).success).toBe(false);
  });

  it("reads blocked-site and linked-device lists", () => {
    expect(blockedSiteListSchema.parse([{ id: 1, url: "reddit.com", active: true }])).toHaveLength(1);
    const device = { id: 2, name: "Chrome on Linux", isActive: true, lastSeenAt: null, createdAt: "2026-11-18T09:00:00.000Z" };
    expect(linkedDeviceListSchema.parse([device])).toEqual([device]);
    expect(linkedDeviceListSchema.safeParse([{ ...device, lastSeenAt: undefined }]).success).toBe(false);
    expect(linkedDeviceUpdateSchema.safeParse({ isActive: "yes" }).success).toBe(false);
  });
});
