import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID, positiveIdParam, recordIdSchema } from "./ids";

describe("positiveIdParam", () => {
  const id = positiveIdParam("bad id");

  it("gives the number of a plain positive decimal up to the largest record id", () => {
    expect(id.parse("1")).toBe(1);
    expect(id.parse("42")).toBe(42);
    expect(id.parse("2147483647")).toBe(MAX_RECORD_ID);
  });

  it("refuses every other spelling, so one record has one URL, and any id no column can hold", () => {
    for (const value of ["0", "0x1", "1e3", "+1", "-1", "01", " 1", "1 ", "1.0", "1.5", "", "Infinity", "NaN", "2147483648", "9999999999", "99999999999"]) {
      const result = id.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe("bad id");
    }
  });
});

describe("recordIdSchema", () => {
  const id = recordIdSchema("bad id");

  it("takes a whole number from 1 to the largest record id", () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse(MAX_RECORD_ID)).toBe(MAX_RECORD_ID);
  });

  it("refuses 0, fractions, text and anything past the column", () => {
    for (const value of [0, -1, 1.5, "1", MAX_RECORD_ID + 1, 2 ** 53, Number.NaN]) {
      const result = id.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message, String(value)).toBe("bad id");
    }
  });
});
