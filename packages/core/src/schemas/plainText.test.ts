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
    ]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});
