import { describe, expect, it } from "vitest";
import { composeIntention, intentionOf, intentionSchema, sessionReflectionSchema } from "./intention";
import { sessionInputSchema } from "./session";

describe("intentions", () => {
  it("composes the When/I will form", () => {
    expect(composeIntention("I open the laptop", "write the intro")).toBe("When I open the laptop, I will write the intro");
    expect(composeIntention("when coffee is ready", "I will reply to Sam")).toBe("When coffee is ready, I will reply to Sam");
    expect(composeIntention("", "write")).toBe("I will write");
    expect(composeIntention(" ", " ")).toBe("");
    // A "when" alone is no intention: nothing to do yet.
    expect(composeIntention("lunch is over", "")).toBe("");
  });

  it("trims and bounds an intention at 140 characters", () => {
    expect(intentionSchema.parse("  Outline  ")).toBe("Outline");
    expect(intentionSchema.safeParse("y".repeat(141)).error?.issues[0]?.message).toBe("Intention must be at most 140 characters");
    expect(intentionSchema.safeParse("a\u0000b").success).toBe(false);
    expect(intentionOf("  ")).toBeNull();
    expect(intentionOf("z".repeat(200))).toHaveLength(140);
  });

  it("takes a reflection of done, partly or stuck with a rating from 1 to 5", () => {
    expect(sessionReflectionSchema.safeParse({ outcome: "stuck", rating: 2 }).success).toBe(true);
    expect(sessionReflectionSchema.safeParse({ rating: null }).success).toBe(true);
    expect(sessionReflectionSchema.safeParse({ outcome: "meh" }).success).toBe(false);
    expect(sessionReflectionSchema.safeParse({ rating: 6 }).success).toBe(false);
    expect(sessionReflectionSchema.safeParse({ rating: 2.5 }).success).toBe(false);
    expect(sessionReflectionSchema.safeParse({}).success).toBe(false);
  });

  it("lets a session record carry its intention and reflection", () => {
    const base = { startTime: "2026-11-22T10:00:00.000Z", duration: 1500, type: "focus", completed: true };
    expect(sessionInputSchema.parse({ ...base, intention: " Outline ", outcome: "partly", rating: 4 })).toMatchObject({ intention: "Outline", outcome: "partly", rating: 4 });
    expect(sessionInputSchema.safeParse({ ...base, rating: 0 }).success).toBe(false);
  });
});
