import { describe, expect, it } from "vitest";
import { positiveIdParam } from "./ids";

describe("positiveIdParam", () => {
  const id = positiveIdParam("bad id");

  it("gives the number of a plain positive decimal", () => {
    expect(id.parse("1")).toBe(1);
    expect(id.parse("42")).toBe(42);
    expect(id.parse("999999999999999")).toBe(999_999_999_999_999);
  });

  it("refuses every other spelling, so one record has one URL", () => {
    for (const value of ["0", "0x1", "1e3", "+1", "-1", "01", " 1", "1 ", "1.0", "1.5", "", "Infinity", "NaN", "1000000000000000"]) {
      const result = id.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe("bad id");
    }
  });
});
