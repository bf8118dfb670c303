import { describe, expect, it } from "vitest";
import { blockedSiteInputSchema } from "./blockedSite";
import { blockingEntryFor, normalizeSiteEntry, parseSiteEntry, SITE_ENTRY_MESSAGES, type SiteEntry } from "./siteRule";

const messageOf = (url: string) => blockedSiteInputSchema.safeParse({ url }).error?.issues.map((issue) => issue.message);
const entries = (...typed: string[]) => typed.map((t) => parseSiteEntry(t)).filter((e): e is SiteEntry => e !== null);

describe("normalizeSiteEntry", () => {
  it.each([
    ["youtube.com", "youtube.com"],
    ["  WWW.YouTube.com/shorts/ ", "youtube.com/shorts"],
    ["youtube.com/Shorts//x", "youtube.com/Shorts/x"],
    ["+ youtube.com/watch", "+youtube.com/watch"],
    ["+Docs.Google.com", "+docs.google.com"],
    ["reddit.com:443/r/all", "reddit.com/r/all"],
    ["reddit.com/", "reddit.com"],
    ["https://www.youtube.com/shorts/", "youtube.com/shorts"],
    ["+http://docs.google.com", "+docs.google.com"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normalizeSiteEntry(typed)).toEqual({ ok: true, value: stored });
  });

  it("says what is wrong with a scheme, a query, a fragment, odd path characters or a bad host", () => {
    expect(messageOf("ftp://youtube.com/shorts")).toEqual([SITE_ENTRY_MESSAGES.scheme]);
    expect(messageOf("https://youtube.com/watch?v=1")).toEqual([SITE_ENTRY_MESSAGES.query]);
    expect(messageOf("youtube.com/watch?v=1")).toEqual([SITE_ENTRY_MESSAGES.query]);
    expect(messageOf("youtube.com/#top")).toEqual([SITE_ENTRY_MESSAGES.fragment]);
    expect(messageOf("youtube.com/sho rts")).toEqual([SITE_ENTRY_MESSAGES.path]);
    expect(messageOf("youtube.com/*")).toEqual([SITE_ENTRY_MESSAGES.path]);
    expect(messageOf(`youtube.com/${"a".repeat(200)}`)).toEqual([SITE_ENTRY_MESSAGES.pathTooLong]);
    expect(messageOf("+")).toEqual(["Invalid URL format (e.g., example.com)"]);
    expect(messageOf("")).toEqual(["URL is required"]);
    expect(blockedSiteInputSchema.safeParse({ url: 42 }).error?.issues[0]?.message).toBe("URL is required");
  });
});

describe("parseSiteEntry", () => {
  it("tells a whole site, a path and an exception apart", () => {
    expect(parseSiteEntry("youtube.com")).toEqual({ kind: "site", allow: false, host: "youtube.com", path: null });
    expect(parseSiteEntry("youtube.com/shorts")).toEqual({ kind: "path", allow: false, host: "youtube.com", path: "/shorts" });
    expect(parseSiteEntry("+youtube.com/watch")).toEqual({ kind: "exception", allow: true, host: "youtube.com", path: "/watch" });
    expect(parseSiteEntry("not a site")).toBeNull();
  });
});

describe("blockingEntryFor", () => {
  it("blocks a path and below on the site and its subdomains, not a longer name beside it", () => {
    const list = entries("youtube.com/shorts");
    expect(blockingEntryFor(list, "www.youtube.com", "/shorts/abc")?.path).toBe("/shorts");
    expect(blockingEntryFor(list, "youtube.com", "/SHORTS")).not.toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "/shortsy")).toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "/watch")).toBeNull();
    expect(blockingEntryFor(list, "notyoutube.com", "/shorts")).toBeNull();
  });

  it("lets an exception through whatever blocks its site", () => {
    const list = entries("youtube.com", "+youtube.com/watch");
    expect(blockingEntryFor(list, "youtube.com", "/watch")).toBeNull();
    expect(blockingEntryFor(list, "m.youtube.com", "/watch/later")).toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "/shorts/x")?.kind).toBe("site");
  });

  it("blocks a listed path under every other spelling of it: escapes, doubled slashes, parameters, a host's trailing dot", () => {
    const list = entries("youtube.com/shorts");
    for (const path of ["/%73horts", "/%53HORTS", "/sh%6Frts", "//shorts", "/;/shorts", "/shorts;x", "/shorts%2Fabc", "/shorts/;x/abc"]) {
      expect(blockingEntryFor(list, "youtube.com", path)?.path, path).toBe("/shorts");
    }
    expect(blockingEntryFor(list, "youtube.com.", "/shorts")?.path).toBe("/shorts");
    // Still the same path only: a longer name, or an escape that decodes to something else, opens.
    expect(blockingEntryFor(list, "youtube.com", "/%73hortsy")).toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "/%2573horts")).toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "/sh%ZZorts")).toBeNull();
  });

  it("lets an exception through under another spelling of it too", () => {
    const list = entries("youtube.com", "+youtube.com/watch");
    expect(blockingEntryFor(list, "youtube.com", "/%77atch")).toBeNull();
    expect(blockingEntryFor(list, "youtube.com", "//watch;v=1")).toBeNull();
  });
});
