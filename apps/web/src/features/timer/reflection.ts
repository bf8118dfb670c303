import type { SessionOutcome, SessionReflection } from "@focus/core/schemas";
import { useSyncExternalStore } from "react";
import type { Outcome } from "@/runtime/outbox/outboxSync";
import { readUserValue, writeUserValue } from "@/runtime/userStorage";
import { submitReflection } from "@/runtime/outbox/sync";

/**
 * "How did it go?" (`docs/product.md`, Intentions, reflection and a break that calls you back):
 * the focus session that just completed, offered for a reflection until it is answered, skipped,
 * or the next focus session starts. One offer at a time (the timer's effects make
 * it, `timerEffects.ts`; the card shows it, `ReflectionCard.tsx`), kept in the user's browser
 * storage so a reload (an app update) still asks, for at most REFLECTION_OFFER_MAX_AGE_MS.
 */

/** The session offered: its idempotency key, whose it is (null: a guest) and its intention. */
export interface ReflectionOffer {
  clientId: string;
  userId: number | null;
  intention: string | null;
  /** When it ended, epoch ms. */
  endedAt: number;
}

/** How long after its session's end an offer is still shown after a reload, ms. */
export const REFLECTION_OFFER_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** The per-user storage name of the offer (forgotten at sign-out with every per-user value). */
const NAME = "reflection-offer";

/** Whose storage an offer lives in: the user's id, 0 for a guest (as the timer's saved state). */
function ownerOf(target: ReflectionOffer): number {
  return target.userId ?? 0;
}

let offer: ReflectionOffer | null = null;
const listeners = new Set<() => void>();

function set(next: ReflectionOffer | null): void {
  if (offer && (!next || ownerOf(offer) !== ownerOf(next))) writeUserValue(ownerOf(offer), NAME, null);
  if (next) writeUserValue(ownerOf(next), NAME, JSON.stringify(next));
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Brings back the offer `ownerId` (the user's id, 0 for a guest) had before a reload, when none
 * stands and it is younger than REFLECTION_OFFER_MAX_AGE_MS.
 */
export function restoreReflection(ownerId: number, now = Date.now()): void {
  if (offer) return;
  try {
    const raw = readUserValue(ownerId, NAME);
    const parsed = raw ? (JSON.parse(raw) as Partial<ReflectionOffer>) : null;
    if (parsed && typeof parsed.clientId === "string" && typeof parsed.endedAt === "number" && now - parsed.endedAt < REFLECTION_OFFER_MAX_AGE_MS) {
      set({ clientId: parsed.clientId, userId: parsed.userId ?? null, intention: parsed.intention ?? null, endedAt: parsed.endedAt });
    } else if (raw) {
      writeUserValue(ownerId, NAME, null);
    }
  } catch {
    writeUserValue(ownerId, NAME, null);
  }
}

/** Offers the reflection on a focus session that just completed (replacing an older offer). */
export function offerReflection(next: ReflectionOffer): void {
  set(next);
}

/** Takes the offer down (answered, skipped, or the next focus session started). */
export function clearReflection(): void {
  if (offer !== null) set(null);
}

/** The offer standing now, or null. */
export function currentReflection(): ReflectionOffer | null {
  return offer;
}

/** The offer standing now, following changes. */
export function useReflectionOffer(): ReflectionOffer | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
    () => null,
  );
}

/**
 * Saves the answer for the offered session: a guest's in their records in this browser; a
 * user's through the outbox (`submitReflection`), resolving with its outcome ("queued" offline).
 */
export async function saveReflection(target: ReflectionOffer, answer: SessionReflection): Promise<Outcome | null> {
  if (target.userId === null) {
    // A guest's sessions module loads only for a guest (a signed-in page never downloads it).
    (await import("@/runtime/guestSessions")).reflectGuestSession(target.clientId, answer);
    return null;
  }
  return submitReflection(target.userId, target.clientId, answer);
}

/**
 * Saves `outcome` as the reflection of `userId`'s offered session when it ended at or after
 * `since` (epoch ms: a room's check-in answers the round that just ended, never an older session), and
 * takes the offer down once kept. Resolves with the outbox's outcome, or null when no such
 * session waits (or it is a guest's).
 */
export async function answerRecentOffer(userId: number, outcome: SessionOutcome, since: number): Promise<Outcome | null> {
  const target = offer;
  if (!target || target.userId !== userId || target.endedAt < since) return null;
  const result = await saveReflection(target, { outcome });
  if (result?.status !== "refused" && offer === target) clearReflection();
  return result;
}
