import { DAY_MS, STORAGE_KEYS } from "@focus/core/constants";
import { sessionInputSchema, type Session, type SessionInput, type SessionReflection } from "@focus/core/schemas";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { storageSubscription } from "@/lib/storageChanges";

/**
 * A guest's completed sessions, kept in this browser only (nothing of a guest reaches the
 * server, `docs/product.md`), so the guest's Statistics show their own sessions. The timer's
 * effects add each one (`recordGuestSession`); the last 31 days are kept.
 */

const KEY = STORAGE_KEYS.guestSessions;
const CHANGE_EVENT = "guest-sessions-change";
const KEEP_MS = 31 * DAY_MS;
/** A guest's session as kept: with the clientId of the task it counted for, if any (moved with it into an account). */
const guestSessionSchema = sessionInputSchema.extend({ taskClientId: z.string().max(64).optional() });
export type GuestSession = z.infer<typeof guestSessionSchema> & { id: number };
const listSchema = z.array(guestSessionSchema);

let cached: { raw: string | null; sessions: GuestSession[] } = { raw: null, sessions: [] };

/** The guest's sessions, oldest first, with ids for display (1, 2, …). */
export function loadGuestSessions(): GuestSession[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return [];
  }
  if (raw === cached.raw) return cached.sessions;
  let parsed: z.infer<typeof guestSessionSchema>[] = [];
  try {
    const result = listSchema.safeParse(JSON.parse(raw ?? "[]"));
    parsed = result.success ? result.data : [];
  } catch {
    parsed = [];
  }
  cached = { raw, sessions: parsed.map((session, i) => ({ ...session, id: i + 1 })) };
  return cached.sessions;
}

/**
 * Keeps a session of the guest (and drops those older than 31 days); `taskClientId` names the
 * guest's task a focus session counted for.
 */
export function recordGuestSession(session: SessionInput, taskClientId?: string, now = Date.now()): void {
  const kept = loadGuestSessions()
    .map(({ id: _id, ...rest }) => rest)
    .filter((s) => Date.parse(s.startTime) > now - KEEP_MS);
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...kept, { ...session, ...(taskClientId ? { taskClientId } : {}) }]));
  } catch {
    // Storage full or disabled: the session still counted in today's numbers on screen.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets the guest's session recorded with `clientId` (a stopped session brought back by Undo). */
export function forgetGuestSession(clientId: string): void {
  const kept = loadGuestSessions()
    .map(({ id: _id, ...rest }) => rest)
    .filter((s) => s.clientId !== clientId);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage disabled: nothing was kept either.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Keeps the answer of "How did it go?" with the guest's session recorded with `clientId` (nothing when there is none). */
export function reflectGuestSession(clientId: string, reflection: SessionReflection): void {
  const sessions = loadGuestSessions().map(({ id: _id, ...rest }) => rest);
  if (!sessions.some((s) => s.clientId === clientId)) return;
  const updated = sessions.map((s) => {
    if (s.clientId !== clientId) return s;
    const { rating: _rating, ...rest } = s;
    const rating = reflection.rating === undefined ? s.rating : (reflection.rating ?? undefined);
    return { ...rest, ...(reflection.outcome ? { outcome: reflection.outcome } : s.outcome ? { outcome: s.outcome } : {}), ...(rating === undefined ? {} : { rating }) };
  });
  try {
    window.localStorage.setItem(KEY, JSON.stringify(updated));
  } catch {
    // Storage disabled: the answer is only lost with everything else of the guest.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = storageSubscription(CHANGE_EVENT);

/** The guest's sessions, following every change (this tab's timer, or another tab's). */
export function useGuestSessions(): Session[] {
  return useSyncExternalStore(subscribe, loadGuestSessions, () => []);
}
