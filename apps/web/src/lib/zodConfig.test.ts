import { describe, expect, it } from "vitest";

describe("zod's settings from the entry", () => {
  it("reach zod loaded afterwards: schemas are built without the eval probe", async () => {
    await import("./zodConfig");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // And parsing still works as usual without compiled parsers.
    expect(z.object({ minutes: z.number().int() }).parse({ minutes: 25 })).toEqual({ minutes: 25 });
  });
});
