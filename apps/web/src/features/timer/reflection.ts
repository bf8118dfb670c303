import type { SessionReflection } from "@focus/core/schemas";
import { useSyncExternalStore } from "react";
import { reflectGuestSession } from "@/features/guest/guestSessions";
import type { Outcome } from "@/runtime/outbox/outboxSync";
import { submitReflection } from "@/runtime/outbox/sync";

/**
 * "How did it go?" (`docs/product.md`, Intentions, reflection and a break that calls you back):
 * the focus session that just completed, offered for a reflection until it is answered, skipped,
 * or the next focus session starts. One offer at a time, in this page (the timer's effects make
 * it, `timerEffects.ts`; the card shows it, `ReflectionCard.tsx`).
 */

/** The session offered: its idempotency key, whose it is (null: a guest) and its intention. */
export interface ReflectionOffer {
  clientId: string;
  userId: number | null;
  intention: string | null;
  /** When it ended, epoch ms. */
  endedAt: number;
}

let offer: ReflectionOffer | null = null;
const listeners = new Set<() => void>();

function set(next: ReflectionOffer | null): void {
  offer = next;
  for (const listener of listeners) listener();
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
    reflectGuestSession(target.clientId, answer);
    return null;
  }
  return submitReflection(target.userId, target.clientId, answer);
}
