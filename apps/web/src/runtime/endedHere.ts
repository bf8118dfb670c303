import { DAY_MS } from "@focus/core/constants";
import { sessionInputSchema, type SessionInput } from "@focus/core/schemas";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { readUserValue, writeUserValue } from "./userStorage";

/**
 * Sessions this device's timer completed for a signed-in user, kept until the server lists them
 * (`docs/offline.md`, A timer used offline). They are never sent: the server records the same
 * sessions from the account's timer, each under the same id (the device's commands go through
 * the outbox, and a batch that arrives stale is replayed there). Today's Progress counts them at
 * once, so a session that ended offline, or a moment before the server's own end reached this
 * device, shows straight away. A session leaves when "+5 min" brings it back
 * (`forgetEndedHere`), and two days after it ended; one the server lists counts once (same id).
 */
export type EndedSession = SessionInput & { clientId: string };

const KEY = "ended-here";
/** How long a session is kept here, ms: the server has it long before. */
const KEEP_MS = 2 * DAY_MS;
const listSchema = z.array(sessionInputSchema.extend({ clientId: z.string().min(1).max(64) })).max(200);

const listeners = new Set<() => void>();
/** The last list read for each user, so a render reads the same array until it changes. */
const lists = new Map<number, EndedSession[]>();

function endOf(session: EndedSession): number {
  return Date.parse(session.startTime) + session.duration * 1000;
}

function read(userId: number, now: number): EndedSession[] {
  try {
    const parsed = listSchema.safeParse(JSON.parse(readUserValue(userId, KEY) ?? "[]"));
    return parsed.success ? parsed.data.filter((session) => now - endOf(session) < KEEP_MS) : [];
  } catch {
    return [];
  }
}

function write(userId: number, sessions: EndedSession[]): void {
  writeUserValue(userId, KEY, sessions.length === 0 ? null : JSON.stringify(sessions));
  lists.set(userId, sessions);
  for (const listener of listeners) listener();
}

/** The user's sessions ended on this device, oldest first (the server may list some already). */
export function endedHere(userId: number): EndedSession[] {
  let list = lists.get(userId);
  if (!list) {
    list = read(userId, Date.now());
    lists.set(userId, list);
  }
  return list;
}

/** Keeps a session this device's timer completed for `userId` (once per id). */
export function keepEndedHere(userId: number, session: EndedSession): void {
  const now = Date.now();
  const kept = read(userId, now).filter((s) => s.clientId !== session.clientId);
  write(userId, [...kept, session].slice(-100));
}

/** Forgets a session "+5 min" brought back (its record is withdrawn on the server too). */
export function forgetEndedHere(userId: number, clientId: string): void {
  const kept = read(userId, Date.now());
  if (kept.some((s) => s.clientId === clientId)) write(userId, kept.filter((s) => s.clientId !== clientId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's sessions ended on this device, as React state (empty for a guest, `userId` null). */
export function useEndedHere(userId: number | null): readonly EndedSession[] {
  return useSyncExternalStore(subscribe, () => (userId === null ? NONE : endedHere(userId)), () => NONE);
}

const NONE: readonly EndedSession[] = [];
