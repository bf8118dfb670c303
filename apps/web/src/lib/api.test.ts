import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/render";
import { ApiError, apiRequest, queryKeyToPath } from "./api";

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

  it("sends cookies, and a JSON content type only with a body", async () => {
    const fetchMock = mockFetch({ "POST /api/logout": { status: 200 }, "POST /api/login": { status: 200, body: {} } });
    await expect(apiRequest("POST", "/api/logout")).resolves.toBeNull();
    await apiRequest("POST", "/api/login", { username: "a", password: "b" });
    const [, logoutInit] = fetchMock.mock.calls[0]!;
    const [, loginInit] = fetchMock.mock.calls[1]!;
    expect(logoutInit).toMatchObject({ credentials: "include", headers: undefined, body: undefined });
    expect(loginInit).toMatchObject({ credentials: "include", headers: { "Content-Type": "application/json" } });
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
