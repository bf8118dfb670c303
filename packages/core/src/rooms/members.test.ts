import { describe, expect, it } from "vitest";
import { memberActivity } from "./members";

describe("a room member's line", () => {
  it("says what they work on, or focusing / on a break without a status", () => {
    expect(memberActivity({ status: "Chapter 3", limitReached: false }, "focus")).toBe("Chapter 3");
    expect(memberActivity({ status: "", limitReached: false }, "focus")).toBe("focusing");
    expect(memberActivity({ status: "", limitReached: false }, "break")).toBe("on a break");
  });

  it("never says a member the daily limit refused is focusing, and shows them on a break like anyone", () => {
    expect(memberActivity({ status: "", limitReached: true }, "focus")).toBe("not focusing (daily limit reached)");
    expect(memberActivity({ status: "Chapter 3", limitReached: true }, "focus")).toBe("not focusing (daily limit reached)");
    expect(memberActivity({ status: "", limitReached: true }, "break")).toBe("on a break");
    expect(memberActivity({ status: "Tea", limitReached: true }, "break")).toBe("Tea");
  });
});
