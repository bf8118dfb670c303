/**
 * The OpenAPI document and Swagger UI (`src/plugins/apiDocs.ts`). Every route the app registers
 * under /api, collected with an onRoute hook, must be in the document with an area tag and
 * something said of it (a schema or a description), so a new route cannot ship undocumented.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/env";
import { API_DOCS_PATH } from "../src/plugins/apiDocs";
import { createTestApp, type TestApp } from "./helpers";

interface Operation {
  tags?: string[];
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: unknown }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** A route url as OpenAPI writes it: `/api/blocked-sites/:id` → `/api/blocked-sites/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const registered: { method: string; url: string }[] = [];
const t: TestApp = await createTestApp(
  (dir) => {
    // A web build, so the web app's files and its SPA fallback are there too.
    const webDist = path.join(dir, "web");
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Focus</title>");
    return { WEB_DIST: webDist };
  },
  {
    beforeReady: (app) =>
      app.addHook("onRoute", (route) => {
        for (const method of [route.method].flat()) registered.push({ method, url: route.url });
      }),
  },
);
afterAll(async () => t.close());

const res = await t.app.inject({ method: "GET", url: `${API_DOCS_PATH}/json` });
const doc = res.json<OpenApiDocument>();
const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${url}`, operation })),
);

describe("the OpenAPI document at /api/docs/json", () => {
  it("is public JSON, OpenAPI 3", () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Focus API");
  });

  it("lists every route registered under /api but its own", () => {
    const apiRoutes = registered.filter(
      ({ method, url }) => method !== "HEAD" && url.startsWith("/api/") && !url.startsWith(`${API_DOCS_PATH}`),
    );
    expect(apiRoutes.length).toBeGreaterThan(30);
    const missing = apiRoutes
      .map(({ method, url }) => `${method} ${openApiPath(url)}`)
      .filter((route) => !operations.some((operation) => operation.route === route));
    expect(missing, "routes missing from the OpenAPI document").toEqual([]);
  });

  it("tags every operation with one of the areas it declares", () => {
    const areas = doc.tags.map((tag) => tag.name);
    expect(areas).toEqual(expect.arrayContaining(["auth", "sessions", "settings", "subscription", "admin"]));
    const untagged = operations.filter(({ operation }) => operation.tags?.length !== 1 || !areas.includes(operation.tags[0] ?? ""));
    expect(untagged.map(({ route }) => route), "operations without an area tag (API_TAGS)").toEqual([]);
  });

  it("says something of every operation: its schemas, or a description", () => {
    const silent = operations.filter(
      ({ operation }) =>
        !operation.description &&
        !operation.requestBody &&
        !operation.parameters?.length &&
        !Object.values(operation.responses).some((response) => response.content),
    );
    expect(silent.map(({ route }) => route)).toEqual([]);
  });

  it("has the request and response schemas of the routes' zod schemas", () => {
    const record = doc.paths["/api/sessions"]?.post;
    expect(record?.tags).toEqual(["sessions"]);
    expect(record?.requestBody).toMatchObject({
      content: { "application/json": { schema: { required: ["startTime", "duration", "type", "completed"] } } },
    });
    expect(Object.keys(record?.responses ?? {})).toEqual(["200", "201"]);
    expect(doc.paths["/api/sessions/range"]?.get?.parameters).toHaveLength(4);
    expect(doc.paths["/api/subscription/activate/{userId}"]?.post?.tags).toEqual(["admin"]);
  });

  it("describes the routes outside /api that have no JSON schema, and leaves out the web app's files", () => {
    for (const [url, tag] of [
      ["/ws/timer", "live"],
      ["/sounds/{file}", "audio"],
      ["/focus-extension.zip", "extension"],
    ] as const) {
      expect(doc.paths[url]?.get?.tags, url).toEqual([tag]);
      expect(doc.paths[url]?.get?.description, url).toBeTruthy();
    }
    expect(doc.paths["/api/audio/stream"]?.get?.description).toContain("Range");
    expect(Object.keys(doc.paths).filter((url) => !url.startsWith("/api/"))).toEqual([
      "/ws/timer",
      "/sounds/{file}",
      "/focus-extension.zip",
    ]);
  });
});

describe("Swagger UI at /api/docs", () => {
  it("is served to a visitor, not the web app's page, with the app's CSP and no inline script", async () => {
    for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/`]) {
      const page = await t.app.inject({ method: "GET", url, headers: { accept: "text/html,*/*" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("swagger-ui");
      expect(page.body).not.toContain("<title>Focus</title>");
      expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
      const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = "", body = ""] of scripts) {
        expect(attributes).toMatch(/src="[^"]+"/);
        expect(body.trim()).toBe("");
      }
    }
  });

  it("serves its scripts and styles from its own origin", async () => {
    for (const file of ["swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-initializer.js", "swagger-ui.css"]) {
      const asset = await t.app.inject({ method: "GET", url: `${API_DOCS_PATH}/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
  });
});

describe("API_DOCS=off", () => {
  it("serves no documentation", async () => {
    const off = await createTestApp({ API_DOCS: "off" });
    try {
      for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/json`]) {
        const answer = await off.app.inject({ method: "GET", url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ message: "Not found" });
      }
    } finally {
      await off.close();
    }
  });

  it("is refused when it is neither on nor off", () => {
    expect(() => loadConfig({ API_DOCS: "yes" })).toThrow('Invalid API_DOCS "yes": must be on or off');
  });
});
