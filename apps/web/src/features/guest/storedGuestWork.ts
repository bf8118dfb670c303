import { STORAGE_KEYS } from "@focus/core/constants";
import { useSyncExternalStore } from "react";
import { storageSubscription } from "@/lib/storageChanges";

/**
 * Whether this browser keeps anything of a guest's work (sessions or tasks), by a look at the
 * keys alone. The sign-in page loads the "keep your work" notice (`KeepGuestWork`, which reads
 * and validates that work) only then: a first visit never fetches the guest's lists and schemas
 * (`docs/performance.md`).
 */
export function hasStoredGuestWork(): boolean {
  try {
    return [STORAGE_KEYS.guestSessions, STORAGE_KEYS.guestTasks].some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

// The guest's work changes in another tab (`storage`) or when it moves into an account (guestWork.ts).
const subscribe = storageSubscription("guest-work-change");

/** `hasStoredGuestWork`, following changes. */
export function useHasStoredGuestWork(): boolean {
  return useSyncExternalStore(subscribe, hasStoredGuestWork, () => false);
}
