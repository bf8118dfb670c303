import { describe, expect, it } from "vitest";
import { ALLOW_PRIORITY, BLOCK_PRIORITY, blockableEntries, blockedPagePath, blockingEntryOf, blockedPageUrl, buildBlockRules, pathRegexFilter, readBlockedPageQuery, redirectKeyOf, type DnrRule } from "./rules";
import { urlFilterMatches } from "./test/fakes";

const PAGE = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/blocked/blocked.html";
const ENDS_AT = Date.UTC(2026, 2, 2, 9, 25);
const KEY = "0123456789abcdef0123456789abcdef";

describe("buildBlockRules", () => {
  it("makes one redirect rule per domain, for pages and framed pages, covering its subdomains, to the blocked page with the rule set's key", () => {
    const rules = buildBlockRules(["youtube.com", "news.ycombinator.com"], { key: KEY, endsAt: ENDS_AT });
    expect(rules).toEqual([
      {
        id: 1,
        priority: 1,
        action: { type: "redirect", redirect: { extensionPath: `/blocked/blocked.html?domain=youtube.com&endsAt=${ENDS_AT}&entry=youtube.com&key=${KEY}` } },
        condition: { requestDomains: ["youtube.com"], resourceTypes: ["main_frame", "sub_frame"] },
      },
      {
        id: 2,
        priority: 1,
        action: { type: "redirect", redirect: { extensionPath: `/blocked/blocked.html?domain=news.ycombinator.com&endsAt=${ENDS_AT}&entry=news.ycombinator.com&key=${KEY}` } },
        condition: { requestDomains: ["news.ycombinator.com"], resourceTypes: ["main_frame", "sub_frame"] },
      },
    ]);
    expect(rules.map(redirectKeyOf)).toEqual([KEY, KEY]);
  });

  it("normalises what was stored and drops duplicates", () => {
    const rules = buildBlockRules(["www.YouTube.com", "youtube.com", "reddit.com."], { key: KEY, endsAt: null });
    expect(rules.map((rule) => rule.condition.requestDomains)).toEqual([["youtube.com"], ["reddit.com"]]);
    expect(rules.map((rule) => rule.id)).toEqual([1, 2]);
    expect(rules.map(redirectKeyOf)).toEqual([KEY, KEY]);
    expect(rules[0]?.action).toEqual({ type: "redirect", redirect: { extensionPath: `/blocked/blocked.html?domain=youtube.com&entry=youtube.com&key=${KEY}` } });
  });

  it("blocks a path and below with a URL filter, however long the path, and lets an exception through at a higher priority", () => {
    const long = `/articles/${"a".repeat(180)}`;
    const [path, exception, longPath] = buildBlockRules(["youtube.com/shorts", "+youtube.com/watch", `example.com${long}`], { key: KEY, endsAt: ENDS_AT });
    expect(path).toMatchObject({ priority: BLOCK_PRIORITY, action: { type: "redirect" }, condition: { urlFilter: "||youtube.com/shorts^", resourceTypes: ["main_frame", "sub_frame"] } });
    expect(path?.condition.requestDomains).toBeUndefined();
    expect(path?.condition.regexFilter).toBeUndefined();
    // An exception's path is let through on any port too: by an expression (a URL filter stands in when Chrome refuses it).
    expect(exception).toMatchObject({ priority: ALLOW_PRIORITY, action: { type: "allow" }, condition: { regexFilter: pathRegexFilter("youtube.com", "/watch") } });
    expect(new RegExp(exception!.condition.regexFilter!).test("http://youtube.com:8080/watch?v=1")).toBe(true);
    expect(new RegExp(exception!.condition.regexFilter!).test("https://youtube.com/watchlater")).toBe(false);
    expect(ALLOW_PRIORITY).toBeGreaterThan(BLOCK_PRIORITY);
    const matches = (rule: DnrRule | undefined, url: string) => rule?.condition.urlFilter !== undefined && urlFilterMatches(rule.condition.urlFilter, url);
    expect(matches(path, "https://www.youtube.com/shorts/abc")).toBe(true);
    expect(matches(path, "http://youtube.com/Shorts?x=1")).toBe(true);
    expect(matches(path, "https://youtube.com/shorts")).toBe(true);
    expect(matches(path, "https://youtube.com/shortsy")).toBe(false);
    expect(matches(path, "https://youtube.com/watch?v=1")).toBe(false);
    expect(matches(path, "https://notyoutube.com/shorts")).toBe(false);
    expect(matches(path, "https://youtube.com.evil.test/shorts")).toBe(false);
    expect(longPath?.condition.urlFilter).toBe(`||example.com${long}^`);
  });

  it("keeps a path's characters as they are in its URL filter (none of them means anything there)", () => {
    const [rule] = buildBlockRules(["example.com/a.b+(c)"], { key: KEY, endsAt: null });
    const matches = (url: string) => urlFilterMatches(rule?.condition.urlFilter ?? "|", url);
    expect(matches("https://example.com/a.b+(c)/d")).toBe(true);
    expect(matches("https://example.com/aXbb(c)")).toBe(false);
  });

  it("refuses entries that are no site", () => {
    const entries = ["localhost", "127.0.0.1", "", "   ", "not a domain", "-bad-.com", "example", "a..com", "exa_mple.com", "ok.example.org"];
    expect(blockableEntries(entries)).toEqual({
      entries: ["ok.example.org"],
      refused: ["localhost", "127.0.0.1", "", "   ", "not a domain", "-bad-.com", "example", "a..com", "exa_mple.com"],
    });
    expect(buildBlockRules(entries, { key: KEY, endsAt: ENDS_AT })).toHaveLength(1);
  });

  it("builds no rules for an empty blocklist", () => {
    expect(buildBlockRules([], { key: KEY, endsAt: ENDS_AT })).toEqual([]);
  });

  it("never blocks the web app itself, even under a blocked parent domain", () => {
    const [rule, other] = buildBlockRules(["example.com", "youtube.com"], { key: KEY, endsAt: ENDS_AT, appHost: "focus.example.com" });
    expect(rule?.condition.excludedRequestDomains).toEqual(["focus.example.com"]);
    expect(other?.condition.excludedRequestDomains).toBeUndefined();
  });
});

describe("blockingEntryOf (open tabs)", () => {
  const domains = ["youtube.com", "blocked-test.example"];
  const blockedDomainOf = (url: string | undefined, entries: string[]) => blockingEntryOf(url, entries)?.host ?? null;

  it("finds the blocked domain of a URL on the domain or a subdomain, any port", () => {
    expect(blockedDomainOf("https://youtube.com/watch?v=1", domains)).toBe("youtube.com");
    expect(blockedDomainOf("https://m.youtube.com/", domains)).toBe("youtube.com");
    expect(blockedDomainOf("http://sub.blocked-test.example:8123/page", domains)).toBe("blocked-test.example");
  });

  it("follows paths and exceptions", () => {
    const entries = ["youtube.com", "+youtube.com/watch", "reddit.com/r/all"];
    expect(blockedDomainOf("https://youtube.com/watch?v=1", entries)).toBeNull();
    expect(blockedDomainOf("https://youtube.com/shorts/1", entries)).toBe("youtube.com");
    expect(blockedDomainOf("https://www.reddit.com/r/all/top", entries)).toBe("reddit.com");
    expect(blockedDomainOf("https://www.reddit.com/r/typescript", entries)).toBeNull();
  });

  it("leaves look-alikes, other schemes and unparsable URLs alone", () => {
    expect(blockedDomainOf("https://notyoutube.com/", domains)).toBeNull();
    expect(blockedDomainOf("https://youtube.com.evil.test/", domains)).toBeNull();
    expect(blockedDomainOf("chrome://extensions", domains)).toBeNull();
    expect(blockedDomainOf("ftp://youtube.com/", domains)).toBeNull();
    expect(blockedDomainOf("not a url", domains)).toBeNull();
    expect(blockedDomainOf(undefined, domains)).toBeNull();
  });
});

describe("the blocked page's query", () => {
  it("round-trips the domain, the session end, the reason and the redirect key", () => {
    const url = new URL(blockedPageUrl(PAGE, "youtube.com", ENDS_AT, "open-tab"));
    expect(readBlockedPageQuery(url.search)).toEqual({ domain: "youtube.com", endsAt: ENDS_AT, reason: "open-tab", key: null, delay: false, entry: null, url: null });
    expect(readBlockedPageQuery(new URL(blockedPageUrl(PAGE, "youtube.com", null)).search)).toEqual({
      domain: "youtube.com",
      endsAt: null,
      reason: "navigation",
      key: null,
      delay: false,
      entry: null,
      url: null,
    });
    const redirected = new URL(`chrome-extension://abcdefghijklmnopabcdefghijklmnop${blockedPagePath("youtube.com", ENDS_AT, KEY)}`);
    expect(redirected.pathname).toBe("/blocked/blocked.html");
    expect(readBlockedPageQuery(redirected.search)).toEqual({ domain: "youtube.com", endsAt: ENDS_AT, reason: "navigation", key: KEY, delay: false, entry: null, url: null });
  });

  it("reads garbage as absent", () => {
    expect(readBlockedPageQuery("?domain=<script>&endsAt=soon&reason=x&key=guess")).toEqual({
      domain: null,
      endsAt: null,
      reason: "navigation",
      key: null,
      delay: false,
      entry: null,
      url: null,
    });
    expect(readBlockedPageQuery(`?domain=youtube.com&key=${KEY.toUpperCase()}`).key).toBeNull();
    expect(redirectKeyOf({ action: { redirect: {} } })).toBeNull();
  });
});
