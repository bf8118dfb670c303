import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/render";
import { ApiError, apiDownload, apiRequest } from "./api";
import { queryKeyToPath } from "./queryClient";

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

describe("apiRequest", () => {
  it("uses the server's JSON message when there is one", async () => {
    mockFetch({ "POST /api/register": { status: 409, body: { message: "Username already exists" } } });
    const error = await failureOf(apiRequest("POST", "/api/register", { username: "taken" }));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Username already exists");
    expect(error.serverMessage).toBe("Username already exists");
  });

  it("falls back to 'status: body' for a body without a message", async () => {
    mockFetch({ "GET /api/nothing": { status: 404, text: "body" } });
    const error = await failureOf(apiRequest("GET", "/api/nothing"));
    expect(error.message).toBe("404: body");
    expect(error.serverMessage).toBeUndefined();
  });

  it("falls back to the status text when the body is empty", async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    const error = await failureOf(apiRequest("GET", "/api/settings"));
    expect(error.message).toBe("503: Service Unavailable");
  });

  it("sends cookies and the time zone, and a JSON content type only with a body", async () => {
    const fetchMock = mockFetch({ "POST /api/logout": { status: 200 }, "POST /api/login": { status: 200, body: {} } });
    await expect(apiRequest("POST", "/api/logout")).resolves.toBeNull();
    await apiRequest("POST", "/api/login", { username: "a", password: "b" });
    const [, logoutInit] = fetchMock.mock.calls[0]!;
    const [, loginInit] = fetchMock.mock.calls[1]!;
    // The zone the web tests run in (vitest.config.ts: America/Los_Angeles, or FOCUS_TEST_TZ in the runs at a chosen instant).
    const zone = process.env.TZ;
    expect(zone).toMatch(/^[A-Z][A-Za-z_]+(\/[A-Za-z_]+)?$/);
    expect(logoutInit).toMatchObject({ credentials: "include", headers: { "X-Time-Zone": zone }, body: undefined });
    expect(logoutInit?.headers).not.toHaveProperty("Content-Type");
    expect(loginInit).toMatchObject({ credentials: "include", headers: { "Content-Type": "application/json", "X-Time-Zone": zone } });
    expect(loginInit?.body).toBe(JSON.stringify({ username: "a", password: "b" }));
  });
});

describe("queryKeyToPath", () => {
  it("turns the first element into the path and an object into the query string", () => {
    expect(queryKeyToPath(["/api/me"])).toBe("/api/me");
    expect(queryKeyToPath(["/api/blocked-sites", 7])).toBe("/api/blocked-sites/7");
    expect(queryKeyToPath(["/api/sessions/range", { startDate: "a", endDate: "b" }])).toBe(
      "/api/sessions/range?startDate=a&endDate=b",
    );
  });
});

describe("apiDownload", () => {
  it("names the file as the server's Content-Disposition says, else by the fallback", async () => {
    const answer = (headers: Record<string, string>) => new Response("a,b", { status: 200, headers });
    vi.stubGlobal("fetch", vi.fn(async () => answer({ "Content-Disposition": 'attachment; filename="focus-flow-export-2026-03-02.zip"' })));
    const named = await apiDownload("/api/export?format=csv", "x.zip");
    expect(named.filename).toBe("focus-flow-export-2026-03-02.zip");
    expect(await named.blob.text()).toBe("a,b");
    vi.stubGlobal("fetch", vi.fn(async () => answer({})));
    expect((await apiDownload("/api/export?format=json", "fallback.json")).filename).toBe("fallback.json");
  });

  it("throws the server's message for a refused download", async () => {
    mockFetch({ "GET /api/export?format=json": { status: 401, body: { message: "Not logged in" } } });
    const error = await failureOf(apiDownload("/api/export?format=json", "x.json"));
    expect(error).toMatchObject({ status: 401, message: "Not logged in" });
  });
});

