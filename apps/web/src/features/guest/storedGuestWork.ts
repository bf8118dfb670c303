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

/** Where the guest's choice on /auth (keep the work or not) waits for the signed-in app (`guestWork.ts`). */
export const GUEST_WORK_CHOICE_KEY = "guest-work-choice";

/**
 * Whether a guest's choice about their work waits for the signed-in app: the layout loads the
 * mover (`GuestWorkMover`, which acts on that choice and clears it) only then.
 */
export function hasGuestWorkChoice(): boolean {
  try {
    return window.localStorage.getItem(GUEST_WORK_CHOICE_KEY) !== null;
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
