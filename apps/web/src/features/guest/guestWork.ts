import { STORAGE_KEYS } from "@focus/core/constants";
import { useSyncExternalStore } from "react";
import { writeUserValue } from "@/runtime/userStorage";
import { loadGuestTasks } from "@/runtime/tasks/guestTasks";
import { loadGuestSessions } from "@/runtime/guestSessions";
import { storageSubscription } from "@/lib/storageChanges";
import { GUEST_WORK_CHOICE_KEY } from "./storedGuestWork";

/**
 * A guest's work moved into the account they create or sign in to (`docs/product.md`, Guests):
 * the sessions and tasks this browser kept for the guest go to the account, tasks first (each
 * by its clientId, so a retry adds nothing twice, done ones marked done), then the sessions
 * through the import (`POST /api/import` without settings: the account's stay as they are),
 * under the account's plan rules, each focus session with the task it counted for. Then the
 * guest's copy is forgotten. The auth page asks first (`KeepGuestWork`), yes by default; the
 * signed-in app does the move (`GuestWorkMover`).
 */

const CHOICE_KEY = GUEST_WORK_CHOICE_KEY;
const CHANGE_EVENT = "guest-work-change";
const GUEST_KEYS = [STORAGE_KEYS.guestSessions, STORAGE_KEYS.guestTasks, STORAGE_KEYS.guestSessionUsed];

/** What the guest did in this browser: completed focus sessions, all sessions and tasks. */
export interface GuestWorkSummary {
  focusSessions: number;
  sessions: number;
  tasks: number;
}

/** The guest's work in this browser (zeros when there is none). */
export function guestWorkSummary(): GuestWorkSummary {
  const sessions = loadGuestSessions();
  return { focusSessions: sessions.filter((s) => s.type === "focus" && s.completed).length, sessions: sessions.length, tasks: loadGuestTasks().length };
}

/** "2 sessions and 3 tasks", "1 session", "1 task": what there is to keep. */
export function guestWorkPhrase({ focusSessions, tasks }: GuestWorkSummary): string {
  const parts = [
    ...(focusSessions > 0 ? [`${focusSessions} ${focusSessions === 1 ? "session" : "sessions"}`] : []),
    ...(tasks > 0 ? [`${tasks} ${tasks === 1 ? "task" : "tasks"}`] : []),
  ];
  return parts.join(" and ");
}

/** Whether the guest chose to keep their work in the account they sign in to; null before any choice. */
export function guestWorkChoice(): boolean | null {
  try {
    const value = window.localStorage.getItem(CHOICE_KEY);
    return value === null ? null : value === "keep";
  } catch {
    return null;
  }
}

/** Records the choice (null forgets it). */
export function setGuestWorkChoice(keep: boolean | null): void {
  try {
    if (keep === null) window.localStorage.removeItem(CHOICE_KEY);
    else window.localStorage.setItem(CHOICE_KEY, keep ? "keep" : "leave");
  } catch {
    // Storage disabled: without a choice nothing is moved.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets the guest's work in this browser (after it moved into an account). */
export function forgetGuestWork(): void {
  try {
    for (const key of GUEST_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
  writeUserValue(0, "active-task", null);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = storageSubscription(CHANGE_EVENT);

let cachedSummary: GuestWorkSummary = { focusSessions: 0, sessions: 0, tasks: 0 };
function summarySnapshot(): GuestWorkSummary {
  const next = guestWorkSummary();
  if (next.focusSessions !== cachedSummary.focusSessions || next.sessions !== cachedSummary.sessions || next.tasks !== cachedSummary.tasks) cachedSummary = next;
  return cachedSummary;
}

/** The guest's work in this browser, following changes. */
export function useGuestWork(): GuestWorkSummary {
  return useSyncExternalStore(subscribe, summarySnapshot, summarySnapshot);
}
