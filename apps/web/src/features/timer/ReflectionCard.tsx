import { lazy, Suspense, useEffect } from "react";
import { useOptionalUser } from "@/runtime/currentUser";
import { TimerActor } from "@/runtime/timerActor";
import { useAnsweredOnServer } from "@/runtime/useTodaySessions";
import { clearReflection, restoreReflection, useReflectionOffer } from "./reflection";

/** Loaded when first offered: the Focus Arena's first load carries none of the card's code. */
const ReflectionForm = lazy(async () => ({ default: (await import("./ReflectionForm")).ReflectionForm }));

/**
 * "How did it go?" under the Focus Arena after a focus session completes (`docs/product.md`,
 * Intentions, reflection and a break that calls you back): Done / Partly / Stuck and an optional
 * 1-5 focus rating. A small card, never a dialog: the break runs meanwhile. It goes away when
 * answered (here, or on another device of the account), skipped, or when the next focus
 * session starts.
 */
export function ReflectionCard() {
  const offered = useReflectionOffer();
  const user = useOptionalUser();
  const ownerId = user === null ? null : user.isGuest ? 0 : user.id;
  useEffect(() => {
    if (ownerId !== null) restoreReflection(ownerId);
  }, [ownerId]);
  // Only the offer of whoever is signed in now.
  const offer = offered && user && offered.userId === (user.isGuest ? null : user.id) ? offered : null;
  const focusUnderWay = TimerActor.useSelector((s) => s.context.mode === "focus" && s.context.sessionStartTime !== null);
  const dayKey = TimerActor.useSelector((s) => s.context.dayKey);
  const answeredElsewhere = useAnsweredOnServer(offer?.clientId ?? null, dayKey, offer !== null && offer.userId !== null);
  useEffect(() => {
    if (focusUnderWay || answeredElsewhere) clearReflection();
  }, [focusUnderWay, answeredElsewhere]);
  if (!offer || focusUnderWay) return null;
  return (
    <Suspense fallback={null}>
      <ReflectionForm key={offer.clientId} offer={offer} />
    </Suspense>
  );
}

