import { describe, expect, it } from "vitest";
import { loginFormSchema, registerFormSchema } from "./auth";
import { sessionInputSchema, sessionRangeQuerySchema } from "./session";
import { DEFAULT_SETTINGS, settingsSchema } from "./settings";

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("login and register forms", () => {
  it("asks for 3+ characters of username or email and a 6+ character password", () => {
    expect(messages(loginFormSchema.safeParse({ usernameOrEmail: "ab", password: "12345" }))).toEqual([
      "usernameOrEmail: Username or email must be at least 3 characters",
      "password: Password must be at least 6 characters",
    ]);
  });

  it("checks username, email and that the passwords match, on confirmPassword", () => {
    expect(
      messages(registerFormSchema.safeParse({ username: "al", email: "nope", password: "secret1", confirmPassword: "secret1" })),
    ).toEqual(["username: Username must be at least 3 characters", "email: Please enter a valid email address"]);
    expect(
      messages(registerFormSchema.safeParse({ username: "alice", email: "a@b.co", password: "secret1", confirmPassword: "secret2" })),
    ).toEqual(["confirmPassword: Passwords don't match"]);
  });
});

describe("settings", () => {
  it("has the product's defaults", () => {
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toMatchObject({
      focusDuration: 25,
      shortBreakDuration: 5,
      longBreakDuration: 15,
      longBreakInterval: 4,
      autoStartBreaks: true,
      autoStartFocus: false,
      notificationSound: "bell",
      theme: "dark",
    });
  });
  it("refuses durations outside the slider ranges", () => {
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, focusDuration: 181 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, shortBreakDuration: 0 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, longBreakInterval: 7 }).success).toBe(false);
  });
});

describe("sessions", () => {
  it("accepts an ISO start time and whole seconds", () => {
    expect(sessionInputSchema.safeParse({ startTime: "2026-11-22T10:00:00.000Z", duration: 1500, type: "focus", completed: true }).success).toBe(true);
    expect(sessionInputSchema.safeParse({ startTime: "yesterday", duration: 1500, type: "focus", completed: true }).success).toBe(false);
    expect(sessionInputSchema.safeParse({ startTime: "2026-11-22T10:00:00Z", duration: -1, type: "focus", completed: true }).success).toBe(false);
  });
  it("takes starts in the years 2000 to 2100 only", () => {
    const at = (startTime: string) => messages(sessionInputSchema.safeParse({ startTime, duration: 1500, type: "focus", completed: true }));
    expect(at("2000-01-01T00:00:00Z")).toEqual([]);
    expect(at("2100-12-31T23:59:59Z")).toEqual([]);
    for (const startTime of ["9999-12-31T23:59:59-23:59", "0000-01-01T00:00:00Z", "1999-12-31T23:59:59Z", "2101-01-01T00:00:00Z", "2100-12-31T23:00:00-02:00"]) {
      expect(at(startTime), startTime).toEqual(["startTime: startTime must be in the years 2000 to 2100"]);
    }
  });
  it("refuses a range whose start is after its end", () => {
    expect(
      messages(sessionRangeQuerySchema.safeParse({ startDate: "2026-11-23T00:00:00Z", endDate: "2026-11-22T00:00:00Z" })),
    ).toEqual(["endDate: startDate must not be after endDate"]);
  });
});
