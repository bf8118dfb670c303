import { describe, expect, it } from "vitest";
import { hasHiddenCharacters } from "./plainText";

describe("hasHiddenCharacters", () => {
  it("finds direction controls and invisible characters anywhere", () => {
    for (const text of [
      "invoice\u202Egpj.exe",
      "\u2067admin\u2069",
      "ab\u200Bc",
      "\u200E",
      "name\uFEFF",
      "so\u00ADft",
      "\u3164",
      "Deep\u2060Work",
      "x\u200Dy",
      "ad\u200Cmin",
      "\u200D👩",
      "👩\u200D",
      "Ж\u200CЖ",
      // Blank letters and format characters beyond the well-known ones, by Unicode's properties.
      "\u2800",
      "tag\u{E0041}\u{E0042}",
      "a\u206Ab",
      "music\u{1D173}",
      "\u17B4name",
      "x\u180By",
      "in\uFFF9ter",
      "line\u2028break",
      "para\u2029graph",
      "private\uE000use",
      "un\u{E01F0}assigned",
      "bell\u0007",
      `Z${"\u0301".repeat(60)}`,
      `a${"\u0300".repeat(5)}`,
    ]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("keeps ordinary text, emoji sequences and the non-joiner inside Persian or Hindi words", () => {
    for (const text of [
      "Write the report",
      "Deep work 🎧",
      "👩\u200D💻 coding",
      "🏳\uFE0F\u200D🌈",
      "👨\u200D👩\u200D👧",
      "🧑🏽\u200D💻",
      "می\u200Cخواهم",
      "क्\u200Cष",
      "日本語のタスク",
      "café, naïve, Ünïcödé",
      "Tiếng Việt: Nguyễn",
      "two lines\nof a reason",
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England",
      "1️⃣ first",
      "ཀྵྲྀ Tibetan",
    ]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});
