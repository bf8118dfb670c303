/**
 * Web test setup: React's owner stacks off unless FOCUS_TEST_OWNER_STACKS=1.
 *
 * React's development build records where each element was created (an `Error` and its stack,
 * the element's "owner stack", printed with a React warning or error), for up to 10,000
 * elements between renders a second apart. In these tests that was about 11 % of their CPU: the
 * date-sensitive web files at one instant took 70-73 CPU-seconds with it and 62-65 without
 * (`docs/testing.md`). No test reads an owner stack, so they are off; a person chasing a React
 * warning sets FOCUS_TEST_OWNER_STACKS=1 to have them back (off, React names each element's owner
 * as unknown).
 *
 * It works through React's own limit: the count of stacks recorded since its last reset
 * (`recentlyCreatedOwnerStacks` in React's shared internals) always reads as past it. Should a
 * later React drop that count, this does nothing and the tests only run slower.
 */
import * as React from "react";

type SharedInternals = { recentlyCreatedOwnerStacks?: number };

if (process.env.FOCUS_TEST_OWNER_STACKS !== "1") {
  const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: SharedInternals })
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && typeof internals.recentlyCreatedOwnerStacks === "number") {
    Object.defineProperty(internals, "recentlyCreatedOwnerStacks", { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
  }
}
