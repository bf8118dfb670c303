import { useLayoutEffect, useState } from "react";

/**
 * A stable function that returns the latest `value`, for code that runs later (actor logic,
 * subscriptions) and must see the props of the last render, not those it was created with.
 * The value is taken after each commit, before effects run.
 */
export function useLatest<T>(value: T): () => T {
  const [latest] = useState(() => {
    let current = value;
    return {
      get: () => current,
      set: (next: T) => {
        current = next;
      },
    };
  });
  useLayoutEffect(() => latest.set(value), [latest, value]);
  return latest.get;
}
