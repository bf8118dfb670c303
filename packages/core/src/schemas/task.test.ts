import { describe, expect, it } from "vitest";
import { sessionInputSchema } from "./session";
import { TASK_ESTIMATE, TASK_MESSAGES, TASK_TITLE_MAX_LENGTH, taskCreateSchema, taskReorderSchema, taskUpdateSchema } from "./task";

const CLIENT_ID = "5e0f3c7a-2b1d-4c8e-9f6a-7d3b2a1c0e9f";
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("task schemas", () => {
  it("takes a trimmed title of 1 to 120 characters and a whole estimate of 1 to 20 sessions", () => {
    expect(taskCreateSchema.parse({ clientId: CLIENT_ID, title: "  Write the report  ", estimate: 3 })).toEqual({
      clientId: CLIENT_ID,
      title: "Write the report",
      estimate: 3,
    });
    expect(taskCreateSchema.safeParse({ clientId: CLIENT_ID, title: "x".repeat(TASK_TITLE_MAX_LENGTH), estimate: TASK_ESTIMATE.max }).success).toBe(true);
  });

  it("refuses an empty, too long or NUL-holding title with the form's messages", () => {
    const create = (title: unknown) => taskCreateSchema.safeParse({ clientId: CLIENT_ID, title, estimate: 1 });
    expect(firstMessage(create("   "))).toBe(TASK_MESSAGES.titleRequired);
    expect(firstMessage(create(undefined))).toBe(TASK_MESSAGES.titleRequired);
    expect(firstMessage(create("x".repeat(TASK_TITLE_MAX_LENGTH + 1)))).toBe(TASK_MESSAGES.titleTooLong);
    expect(firstMessage(create("a\u0000b"))).toBe(TASK_MESSAGES.titleNul);
  });

  it("refuses an estimate that is not a whole number from 1 to 20", () => {
    for (const estimate of [0, 21, 1.5, -1, "3", null]) {
      const result = taskCreateSchema.safeParse({ clientId: CLIENT_ID, title: "t", estimate });
      expect(firstMessage(result), String(estimate)).toBe(TASK_MESSAGES.estimate);
    }
  });

  it("needs a UUID clientId", () => {
    expect(taskCreateSchema.safeParse({ clientId: "1", title: "t", estimate: 1 }).success).toBe(false);
  });

  it("takes an update of any field but not an empty one", () => {
    expect(taskUpdateSchema.parse({ done: true })).toEqual({ done: true });
    expect(taskUpdateSchema.parse({ title: " New ", estimate: 2 })).toEqual({ title: "New", estimate: 2 });
    expect(firstMessage(taskUpdateSchema.safeParse({}))).toBe(TASK_MESSAGES.emptyUpdate);
  });

  it("takes a reorder of distinct positive ids", () => {
    expect(taskReorderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(firstMessage(taskReorderSchema.safeParse({ ids: [1, 1] }))).toBe(TASK_MESSAGES.duplicateIds);
    expect(taskReorderSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(taskReorderSchema.safeParse({ ids: [0] }).success).toBe(false);
  });

  it("lets a session name a task by a positive id", () => {
    const session = { startTime: "2026-03-02T09:00:00Z", duration: 1500, type: "focus", completed: true };
    expect(sessionInputSchema.parse({ ...session, taskId: 4 })).toMatchObject({ taskId: 4 });
    expect(sessionInputSchema.safeParse({ ...session, taskId: 0 }).success).toBe(false);
    expect(sessionInputSchema.safeParse({ ...session, taskId: "4" }).success).toBe(false);
  });
});
