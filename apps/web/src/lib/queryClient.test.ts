import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { createQueryClient } from "./queryClient";

describe("the query client", () => {
  it("reads again after a 429 (the account's heavy reads at their limit), and shows the data", async () => {
    const client = createQueryClient();
    const queryFn = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError(429, "Your other large requests are still loading. Please try again in a moment."))
      .mockResolvedValueOnce(["session"]);
    await expect(client.fetchQuery({ queryKey: ["heavy"], queryFn, retry: client.getDefaultOptions().queries?.retry })).resolves.toEqual(["session"]);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it("gives any other failure at once, with the server's message", async () => {
    const client = createQueryClient();
    const queryFn = vi.fn<() => Promise<string[]>>().mockRejectedValue(new ApiError(500, "Something went wrong"));
    await expect(client.fetchQuery({ queryKey: ["broken"], queryFn, retry: client.getDefaultOptions().queries?.retry })).rejects.toThrow("Something went wrong");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
