import { createActorContext } from "@xstate/react";
import { timerMachine } from "@focus/core";

/**
 * The one timer actor of the app (DESIGN.md §2): created by `TimerProvider`, read with
 * `TimerActor.useSelector`, driven through `useTimerControls`.
 */
export const TimerActor = createActorContext(timerMachine);
